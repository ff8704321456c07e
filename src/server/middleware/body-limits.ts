import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';

const KB = 1024;

// The most a request body may hold, by route: JSON parsing costs CPU in proportion to its size, so an
// unauthenticated route gets only what its largest valid payload needs, and only the upload routes
// get megabytes (a 5 MB file plus its small form): the drop, its contact read, and a call proof. Measured against the schemas in src/shared: a login is
// an e-mail (≤ 254) and a password (≤ 200 characters, ≤ 800 bytes of UTF-8); a client error report is
// at most 14,000 characters of text.
const UPLOAD_BYTES = 6 * KB * KB;
const ROUTE_LIMITS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^\/api\/auth\//, 2 * KB],
  [/^\/api\/recruiter\/auth\//, 2 * KB],
  [/^\/api\/public\//, 2 * KB],
  [/^\/api\/client-errors\/?$/, 16 * KB],
  [/^\/api\/recruiter\/talent\/drop_resume\/?$/, UPLOAD_BYTES],
  [/^\/api\/recruiter\/talent\/resume-contact\/?$/, UPLOAD_BYTES],
  [/^\/api\/recruiter\/talent-task\/call-proof\/?$/, UPLOAD_BYTES],
];
// Everything else is a signed-in user's JSON or small form: notes, task texts, lists of ids.
const DEFAULT_BYTES = 64 * KB;

const limiter = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The request is too large.');
    },
  });

const limiters = new Map<number, MiddlewareHandler<AppEnv>>();
for (const size of [DEFAULT_BYTES, ...ROUTE_LIMITS.map(([, bytes]) => bytes)]) {
  if (!limiters.has(size)) limiters.set(size, limiter(size));
}

export function bodyLimitFor(path: string): number {
  return ROUTE_LIMITS.find(([pattern]) => pattern.test(path))?.[1] ?? DEFAULT_BYTES;
}

/**
 * One step that picks the route's limit. It runs before anything reads the body: a declared
 * Content-Length over the limit answers 413 at once, and a body sent without one is cut off as it
 * streams in, so an oversize body is never parsed.
 */
export const limitBody: MiddlewareHandler<AppEnv> = (c, next) =>
  (limiters.get(bodyLimitFor(c.req.path)) as MiddlewareHandler<AppEnv>)(c, next);
