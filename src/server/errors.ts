import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '#src/shared/error-codes.ts';

// The one error type of the API. `onError` (app.ts) turns it into the JSON error shape.
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: ContentfulStatusCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found.`);
export const forbidden = () => new AppError('FORBIDDEN', 403, 'You do not have access to this resource.');
export const unauthorized = (message = 'Please log in to continue.') => new AppError('UNAUTHORIZED', 401, message);
