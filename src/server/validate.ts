import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import { resolver, uniqueSymbol } from 'hono-openapi';
import * as v from 'valibot';
import { AppError } from './errors';

// Validation at the edge: a bad payload answers 400 with one message per field, before any handler runs.
// Field messages are message keys (src/shared schemas) the client localises.
// The schema also describes the route: hono-openapi reads it from the middleware (`uniqueSymbol`, what its own
// `validator()` attaches) to put the parameters and bodies in /api/openapi.json (src/server/openapi/). Its
// `validator()` itself is not used: its hook sees the input, not valibot's output, and the NUL check below
// must look at the output (keys the schema drops are not refused).
export const validate = <T extends keyof ValidationTargets, S extends v.GenericSchema>(target: T, schema: S) =>
  Object.assign(
    vValidator(target, schema, (result) => {
      if (!result.success) {
        const fields: Record<string, string> = {};
        for (const issue of result.issues) {
          const key = v.getDotPath(issue) ?? '_';
          // A field left out altogether (a blank form field is not sent) reads as "required", not valibot's text.
          const missing =
            issue.path?.at(-1)?.origin === 'key' || (issue.kind === 'schema' && issue.input === undefined);
          fields[key] ??= missing && !/^[a-z_]+$/.test(issue.message) ? 'field_required' : issue.message;
        }
        throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', fields);
      }
      // No text anywhere holds a NUL character: PostgreSQL text cannot store one (SQLite would), so it is refused
      // here alike on both, as a field error, instead of failing in the database.
      const path = nulPath(result.output);
      if (path !== null) {
        throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { [path]: 'field_invalid' });
      }
    }),
    { [uniqueSymbol]: { target, ...resolver(schema, OPENAPI_OPTIONS) } },
  );

// What a caller sends is the schema's input (a query's number is a string before the pipe reads it), and
// a transform has no JSON Schema: it is skipped, not an error.
const OPENAPI_OPTIONS = { options: { errorMode: 'ignore', typeMode: 'input' } };

/** The dot path of the first string holding a NUL character ('_' for the value itself), or null. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '_' : null;
  if (value === null || typeof value !== 'object' || value instanceof Blob) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}
