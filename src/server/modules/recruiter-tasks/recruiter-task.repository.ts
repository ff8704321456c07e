import { type ExpressionBuilder, type ExpressionWrapper, sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { QUOTA_USING_STATUSES } from '#src/server/modules/tasks/task.repository.ts';
import type { ReferralCounts } from '#src/shared/recruiter-types.ts';

const NOT_REWARDED = ['REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA'] as const;

type RefEb = ExpressionBuilder<Database, 'referrals'>;

// sum(case when … then 1 else 0 end): counts by state in one grouped pass.
const countWhere = (eb: RefEb, condition: ExpressionWrapper<Database, 'referrals', unknown>) =>
  sql<number>`sum(${eb.case().when(condition).then(1).else(0).end()})`;

/** The recruiter's own referrals to each task, counted by consent and reward state (one query). */
export async function countMyReferrals(
  db: DB,
  recruiterId: number,
  taskIds: number[],
): Promise<Map<number, ReferralCounts>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('referrals')
    .select((eb) => [
      'referrals.task_id',
      eb.fn.countAll().as('total'),
      countWhere(eb, eb('referrals.consent_status', '=', 'PENDING')).as('consent_pending'),
      countWhere(eb, eb('referrals.consent_status', '=', 'CONFIRMED')).as('consent_confirmed'),
      countWhere(eb, eb('referrals.consent_status', '=', 'DECLINED')).as('consent_declined'),
      countWhere(eb, eb('referrals.reward_status', 'is', null)).as('reward_in_review'),
      countWhere(eb, eb('referrals.reward_status', 'in', QUOTA_USING_STATUSES)).as('reward_approved'),
      countWhere(eb, eb('referrals.reward_status', 'in', NOT_REWARDED)).as('reward_not_rewarded'),
    ])
    .where('referrals.recruiter_id', '=', recruiterId)
    .where('referrals.task_id', 'in', taskIds)
    .groupBy('referrals.task_id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.task_id,
      {
        total: Number(r.total),
        consentPending: Number(r.consent_pending),
        consentConfirmed: Number(r.consent_confirmed),
        consentDeclined: Number(r.consent_declined),
        rewardInReview: Number(r.reward_in_review),
        rewardApproved: Number(r.reward_approved),
        rewardNotRewarded: Number(r.reward_not_rewarded),
      },
    ]),
  );
}

export const NO_REFERRALS: ReferralCounts = {
  total: 0,
  consentPending: 0,
  consentConfirmed: 0,
  consentDeclined: 0,
  rewardInReview: 0,
  rewardApproved: 0,
  rewardNotRewarded: 0,
};
