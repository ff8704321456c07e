import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { preparedQuery } from '#src/server/db/prepared-query.ts';

// The round trip, prepared once as the lookups of every call are: on SQLite it runs directly on the
// connection, not through Kysely's executor, whose connection lock and steps cost more than `select 1`.
const ping = preparedQuery((db: DB) => db.selectNoFrom((eb) => eb.lit(1).as('ok')));

// `/api/health`: liveness plus a database round trip, for load balancers and probes.
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await ping(c.get('deps').db);
    return c.json({ success: true as const, data: { status: 'ok' as const, database: 'ok' as const } }, 200);
  } catch {
    return c.json(
      { success: false as const, error: { code: 'SERVICE_UNAVAILABLE' as const, message: 'Database unavailable.' } },
      503,
    );
  }
});
