import type { Context } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';

// The file part of a multipart form (the validator has already parsed the body; Hono caches it).
// Several parts under one name, or text where a file belongs, are refused.
export async function uploadedFile(c: Context<AppEnv>, name: string): Promise<File | undefined> {
  const body = await c.req.parseBody({ all: true });
  const value = body[name];
  if (value === undefined || value === '') return undefined;
  if (value instanceof File) return value;
  throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { [name]: 'file_invalid' });
}
