import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import { earningPaymentsQuerySchema, earningReferralsQuerySchema } from '#src/shared/earning-schemas.ts';
import { listEarningReferrals, listMyPayments } from './earning-lists';
import { earningSummary } from './earning-summary';

// `/api/recruiter/earning` (ROLE_RECRUITER, checked by the area guard of app.ts): the signed-in
// recruiter's own rewards and payments, never anyone else's.
export const earningRoutes = new Hono<AppEnv>()
  .get('/', async (c) =>
    c.json({ success: true as const, data: await earningSummary(c.get('deps'), c.get('user').id) }, 200),
  )
  .get('/referrals', validate('query', earningReferralsQuerySchema), async (c) =>
    c.json(
      {
        success: true as const,
        data: await listEarningReferrals(c.get('deps'), c.get('user').id, c.req.valid('query')),
      },
      200,
    ),
  )
  .get('/payments', validate('query', earningPaymentsQuerySchema), async (c) =>
    c.json(
      { success: true as const, data: await listMyPayments(c.get('deps'), c.get('user').id, c.req.valid('query')) },
      200,
    ),
  );
