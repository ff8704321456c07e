import { type ExpressionBuilder, type ExpressionWrapper, sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { withdrawnReferralIds } from '#src/server/modules/referrals/referral-summaries.ts';
import { QUOTA_USING_STATUSES } from '#src/server/modules/tasks/task.repository.ts';
import type { ReferralCounts } from '#src/shared/recruiter-types.ts';

const NOT_REWARDED = ['REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA'] as const;

type RefEb = ExpressionBuilder<Database, 'referrals'>;

// sum(case when … then 1 else 0 end): counts by state in one grouped pass.
const countWhere = (eb: RefEb, condition: ExpressionWrapper<Database, 'referrals', unknown>) =>
  sql<number>`sum(${eb.case().when(condition).then(1).else(0).end()})`;

/**
 * The recruiter's own referrals to each task, counted by consent and reward state (one query). A withdrawal
 * (its consent reads DECLINED) is counted as withdrawn, not declined, and its reward, never decided, as
 * closed: among the not rewarded, not in review (issue 42.6).
 */
export async function countMyReferrals(
  db: DB,
  recruiterId: number,
  taskIds: number[],
): Promise<Map<number, ReferralCounts>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('referrals')
    .select((eb) => {
      const withdrawn = eb('referrals.id', 'in', withdrawnReferralIds(db));
      const open = eb('referrals.id', 'not in', withdrawnReferralIds(db));
      const undecided = eb('referrals.reward_status', 'is', null);
      return [
        'referrals.task_id',
        eb.fn.countAll().as('total'),
        countWhere(eb, eb('referrals.consent_status', '=', 'PENDING')).as('consent_pending'),
        countWhere(eb, eb('referrals.consent_status', '=', 'CONFIRMED')).as('consent_confirmed'),
        countWhere(eb, eb.and([eb('referrals.consent_status', '=', 'DECLINED'), open])).as('consent_declined'),
        countWhere(eb, eb.and([eb('referrals.consent_status', '=', 'DECLINED'), withdrawn])).as('consent_withdrawn'),
        countWhere(eb, eb.and([undecided, open])).as('reward_in_review'),
        countWhere(eb, eb('referrals.reward_status', 'in', QUOTA_USING_STATUSES)).as('reward_approved'),
        countWhere(eb, eb.or([eb('referrals.reward_status', 'in', NOT_REWARDED), eb.and([undecided, withdrawn])])).as(
          'reward_not_rewarded',
        ),
      ];
    })
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
        consentWithdrawn: Number(r.consent_withdrawn),
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
  consentWithdrawn: 0,
  rewardInReview: 0,
  rewardApproved: 0,
  rewardNotRewarded: 0,
};
