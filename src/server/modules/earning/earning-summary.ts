import type { AppDeps } from '#src/server/context.ts';
import { lastMonths } from '#src/server/modules/dashboard/calendar-months.ts';
import { moneySeries, moneyTotals, userZone } from '#src/server/modules/dashboard/month-series.ts';
import { rewardsPerMonth } from '#src/server/modules/dashboard/referral-series.ts';
import {
  type EarningSummary,
  NOT_REWARDED_STATUSES,
  REWARDED_STATUSES,
  type RewardedStatus,
} from '#src/shared/earning-types.ts';
import type { RewardStatus } from '#src/shared/enums.ts';

// `GET /api/recruiter/earning`: the signed-in recruiter's rewards by status, the non-rewarded outcomes,
// and the rewards decided per month. Two grouped queries over the recruiter's own referrals.

export const EARNING_MONTHS = 12;

export async function earningSummary(deps: AppDeps, recruiterId: number): Promise<EarningSummary> {
  const { db } = deps;
  const timeZone = await userZone(db, recruiterId);
  const months = lastMonths(timeZone, deps.now(), EARNING_MONTHS);
  const mine = db.selectFrom('referrals').where('referrals.recruiter_id', '=', recruiterId);
  const [byStatus, monthRows] = await Promise.all([
    mine
      .select((eb) => [
        'referrals.reward_status as status',
        'referrals.reward_currency as currency',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('referrals.reward_amount').as('amount'),
      ])
      .groupBy(['referrals.reward_status', 'referrals.reward_currency'])
      .execute(),
    rewardsPerMonth(mine, months),
  ]);

  const rowsOf = (status: RewardStatus | null) => byStatus.filter((row) => (row.status ?? null) === status);
  const countOf = (status: RewardStatus | null) => rowsOf(status).reduce((sum, row) => sum + Number(row.n), 0);
  const amounts = moneySeries(monthRows, months.length);
  const counts = Array.from({ length: months.length }, () => 0);
  for (const row of monthRows) counts[Number(row.m)] = (counts[Number(row.m)] ?? 0) + Number(row.n);

  return {
    timeZone,
    totals: REWARDED_STATUSES.map((status: RewardedStatus) => ({
      status,
      count: countOf(status),
      amounts: moneyTotals(rowsOf(status)),
    })),
    outcomes: NOT_REWARDED_STATUSES.map((status) => ({ status, count: countOf(status) })),
    inReview: countOf(null),
    months: months.map((month, i) => ({ month: month.key, count: counts[i] ?? 0, amounts: amounts[i] ?? [] })),
  };
}
