import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { accessLogQuerySchema } from '#src/shared/access-log-schemas.ts';
import { listAccessLog } from './access-log.service';
import { dataLocations } from './data-locations';

// `/api/admin/access-log` (the record of access to personal data, read only: it has no route that changes
// or removes a line) and `/api/admin/data-locations` (where personal data goes). ROLE_ADMIN is checked
// for all of /api/admin (app.ts).
export const adminAccessRecordRoutes = new Hono<AppEnv>()
  .get('/access-log', validate('query', accessLogQuerySchema), async (c) =>
    c.json({ success: true as const, data: await listAccessLog(c.get('deps'), c.req.valid('query')) }, 200),
  )
  .get('/data-locations', async (c) =>
    c.json({ success: true as const, data: await dataLocations(c.get('deps').env, c.get('deps').db) }, 200),
  );
