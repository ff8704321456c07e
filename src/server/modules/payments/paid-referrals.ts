import type { DB } from '#src/server/db/connect.ts';
import type { StatementReferral } from '#src/shared/statement-types.ts';

/**
 * The recruiter's referrals that their payments paid, oldest first: those of the payments named, or of every
 * payment. The recruiter's own only, checked here, not assumed from how payments are made. The yearly
 * statement and the data export (issue 46) list each payment with these.
 */
export async function paidReferrals(db: DB, recruiterId: number, paymentIds?: number[]) {
  if (paymentIds?.length === 0) return [];
  return db
    .selectFrom('referrals')
    .innerJoin('talents', 'talents.id', 'referrals.talent_id')
    .innerJoin('tasks', 'tasks.id', 'referrals.task_id')
    .select([
      'referrals.id',
      'referrals.payment_id',
      'referrals.reward_amount',
      'referrals.reward_currency',
      'talents.full_name',
      'tasks.id as task_id',
      'tasks.code',
      'tasks.title',
    ])
    .$if(paymentIds !== undefined, (q) => q.where('referrals.payment_id', 'in', paymentIds as number[]))
    .$if(paymentIds === undefined, (q) => q.where('referrals.payment_id', 'is not', null))
    .where('referrals.recruiter_id', '=', recruiterId)
    .orderBy('referrals.id')
    .execute();
}

type PaidReferral = Awaited<ReturnType<typeof paidReferrals>>[number];

/** A payment's line for a referral it paid (a statement's adds the task's id); its reward in the payment's currency. */
export const paidLine = (r: PaidReferral, payment: { currency: string }): Omit<StatementReferral, 'taskId'> => ({
  id: r.id,
  talentName: r.full_name,
  taskCode: r.code,
  taskTitle: r.title,
  amount: Number(r.reward_amount ?? 0),
  currency: r.reward_currency ?? payment.currency,
});
