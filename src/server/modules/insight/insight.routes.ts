import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { funnelQuerySchema, moneyQuerySchema } from '#src/shared/insight.ts';
import { funnelOf } from './funnel';
import { funnelCsv, funnelCsvFileName } from './funnel-csv';
import { moneyOf } from './money';

// `/api/admin/insight` (issue 27); ROLE_ADMIN is checked for all of /api/admin (app.ts). Counts and sums
// only: no personal data beyond a recruiter's name as the scope's label.
export const adminInsightRoutes = new Hono<AppEnv>()
  .get('/funnel', validate('query', funnelQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const data = await funnelOf(db, c.req.valid('query'), now());
    return c.json({ success: true as const, data }, 200);
  })
  .get('/funnel.csv', validate('query', funnelQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const answer = await funnelOf(db, c.req.valid('query'), now());
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${funnelCsvFileName(answer)}"`);
    return c.body(funnelCsv(answer), 200);
  })
  .get('/money', validate('query', moneyQuerySchema), async (c) => {
    const { db, now } = c.get('deps');
    const data = await moneyOf(db, c.req.valid('query'), now());
    return c.json({ success: true as const, data }, 200);
  });
