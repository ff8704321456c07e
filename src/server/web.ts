import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import type { Env } from './env';

// Serves the built PWA. TODO(helper): filled in by the PWA work.
export function webHandler(_options: { clientDir: string; env: Env }): MiddlewareHandler<AppEnv> {
  return async (c) => c.text('Not built', 404);
}
