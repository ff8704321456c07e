import type { DB } from '#src/server/db/connect.ts';
import type { BulkApproveSummary } from '#src/shared/admin-referral-types.ts';

const IN_PAYMENT = new Set(['PENDING_PAYMENT', 'PAID']);

/**
 * What "Approve selected" would do, for the admin to confirm first (issue 21): how many, the rewards
 * APPROVED would fix (task reward plus the promo bonus in the same currency, as rewardIfApproved), summed
 * per currency, and how many still have call proofs to review or lack the consent approval needs. A
 * referral already in a payment is left out of the totals (its decision is final). The quota may still
 * turn an approval into EXCEED_QUOTA: the results after the decision say so per referral.
 */
export async function summarizeBulkApprove(db: DB, referralIds: number[]): Promise<BulkApproveSummary> {
  const rows = await db
    .selectFrom('referrals')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .leftJoin('promos', 'promos.id', 'referrals.promo_id')
    .select([
      'referrals.consent_status',
      'referrals.reward_status',
      'referrals.payment_id',
      'referrals.proofs_to_review',
      'tasks.reward_amount',
      'tasks.reward_currency',
      'promos.bonus_amount',
      'promos.bonus_currency',
    ])
    .where('referrals.id', 'in', referralIds)
    .execute();
  const totals = new Map<string, number>();
  let proofsPending = 0;
  let withoutConsent = 0;
  for (const row of rows) {
    if (Number(row.proofs_to_review) > 0) proofsPending += 1;
    if (row.consent_status !== 'CONFIRMED') {
      withoutConsent += 1;
      continue;
    }
    if (row.payment_id !== null || IN_PAYMENT.has(row.reward_status ?? '')) continue;
    const bonus = row.bonus_currency === row.reward_currency ? Number(row.bonus_amount ?? 0) : 0;
    totals.set(row.reward_currency, (totals.get(row.reward_currency) ?? 0) + Number(row.reward_amount) + bonus);
  }
  return {
    count: rows.length,
    totals: [...totals]
      .map(([currency, amount]) => ({ currency, amount }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    proofsPending,
    withoutConsent,
  };
}
