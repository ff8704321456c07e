import { Hono } from 'hono';
import type { AppEnv } from '#src/server/context.ts';
import { validate } from '#src/server/validate.ts';
import {
  adminReferralListQuerySchema,
  bulkRewardSchema,
  bulkSummarySchema,
  callProofReviewSchema,
  hiringStatusChangeSchema,
  rewardDecisionSchema,
} from '#src/shared/admin-referral-schemas.ts';
import { idParamSchema } from '#src/shared/list-query.ts';
import { getAdminReferralDetail } from './admin-referral-detail';
import { listAdminReferrals } from './admin-referral-list';
import { summarizeBulkApprove } from './bulk-approve-summary';
import { reviewCallProof } from './call-proof-review';
import { changeHiringStatus } from './hiring-status';
import { decideReward, decideRewards } from './reward-decision';

// `/api/admin/referrals` (issue 5, hiring status screen); ROLE_ADMIN is checked for all of /api/admin (app.ts).
export const adminReferralRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminReferralListQuerySchema), async (c) => {
    const { page, pageSize, ...filter } = c.req.valid('query');
    const data = await listAdminReferrals(c.get('deps').db, filter, { page, pageSize });
    return c.json({ success: true as const, data }, 200);
  })
  .post('/reward/bulk', validate('json', bulkRewardSchema), async (c) => {
    const { referralIds, ...input } = c.req.valid('json');
    const data = await decideRewards(c.get('deps'), c.get('user').id, referralIds, input);
    return c.json({ success: true as const, data }, 200);
  })
  .post('/reward/bulk/summary', validate('json', bulkSummarySchema), async (c) => {
    const data = await summarizeBulkApprove(c.get('deps').db, c.req.valid('json').referralIds);
    return c.json({ success: true as const, data }, 200);
  })
  .post(
    '/call-proofs/:id/review',
    validate('param', idParamSchema),
    validate('json', callProofReviewSchema),
    async (c) => {
      const data = await reviewCallProof(c.get('deps'), c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ success: true as const, data }, 200);
    },
  )
  .get('/:id', validate('param', idParamSchema), async (c) => {
    const data = await getAdminReferralDetail(c.get('deps').db, c.req.valid('param').id, c.get('deps').now());
    return c.json({ success: true as const, data }, 200);
  })
  .post(
    '/:id/hiring-status',
    validate('param', idParamSchema),
    validate('json', hiringStatusChangeSchema),
    async (c) => {
      const data = await changeHiringStatus(
        c.get('deps'),
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ success: true as const, data }, 200);
    },
  )
  .post('/:id/reward', validate('param', idParamSchema), validate('json', rewardDecisionSchema), async (c) => {
    const data = await decideReward(c.get('deps'), c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json({ success: true as const, data }, 200);
  });
