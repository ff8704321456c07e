import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../../context';

// `/api/health`: liveness plus a database round trip, for load balancers and probes.
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await sql`select 1`.execute(c.get('deps').db);
    return c.json({ success: true as const, data: { status: 'ok' as const, database: 'ok' as const } }, 200);
  } catch {
    return c.json(
      { success: false as const, error: { code: 'SERVICE_UNAVAILABLE' as const, message: 'Database unavailable.' } },
      503,
    );
  }
});
