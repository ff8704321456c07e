import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { retentionPolicy } from '#src/server/personal-data/retention-policy.ts';

// `/api/config`: what the browser needs to know of this server at run time. Not in index.html,
// because the service worker serves the precached shell, which no server could have edited.
export const configRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { env } = c.get('deps');
  return c.json(
    {
      success: true as const,
      data: { sentryDsn: env.SENTRY_DSN ?? null, environment: env.APP_ENV, retention: retentionPolicy(env) },
    },
    200,
  );
});
