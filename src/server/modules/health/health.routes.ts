import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { pendingMigrations } from '#src/server/db/migrate.ts';
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

// Once every migration of this build has run on a database it stays so: the check is asked once each.
const migrated = new WeakSet<DB>();

/**
 * `/api/ready`: whether this instance should be sent traffic. Unlike /api/health (alive), it says no
 * while migrations of this build are still to run (another instance may be running them), when the
 * database does not answer, and from SIGTERM on (index.ts), so a load balancer stops sending requests
 * to an instance that is finishing its last ones.
 */
export const readyRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const deps = c.get('deps');
  const unready = (message: string) => {
    c.header('Retry-After', '5');
    return c.json(
      {
        success: false as const,
        error: { code: 'SERVICE_UNAVAILABLE' as const, message, requestId: c.get('requestId') },
      },
      503,
    );
  };
  if (deps.lifecycle?.draining) return unready('Shutting down.');
  try {
    await ping(deps.db);
    if (!migrated.has(deps.db)) {
      const pending = await pendingMigrations(deps.db);
      if (pending.length > 0) return unready(`Migrations pending: ${pending.length}.`);
      migrated.add(deps.db);
    }
  } catch {
    return unready('Database unavailable.');
  }
  return c.json(
    {
      success: true as const,
      data: { status: 'ready' as const, database: 'ok' as const, migrations: 'done' as const },
    },
    200,
  );
});
