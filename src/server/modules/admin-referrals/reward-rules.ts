import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import type { Database, Task } from '#src/server/db/database.ts';
import { notFound } from '#src/server/errors.ts';
import { QUOTA_USING_STATUSES } from '#src/server/modules/tasks/task.repository.ts';

// The reward rules of PRODUCT.md ("Reward status", "Reward amount") that more than one call needs.

/** Referrals of the task that use its quota (APPROVED, PENDING_PAYMENT, PAID), leaving one out if asked. */
export async function quotaUsed(db: DB, taskId: number, exceptReferralId?: number): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referrals.task_id', '=', taskId)
    .where('referrals.reward_status', 'in', QUOTA_USING_STATUSES)
    .$if(exceptReferralId !== undefined, (q) => q.where('referrals.id', '!=', exceptReferralId as number))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * What APPROVED fixes: the task's reward, plus the bonus of the promo that was running when the referral
 * was made (referrals.promo_id). A bonus in another currency than the reward's cannot be added up and is
 * left out (admins set promo bonuses in the reward currency; MYR by default).
 */
export async function rewardIfApproved(
  db: DB,
  task: Pick<Task, 'reward_amount' | 'reward_currency'>,
  promoId: number | null,
): Promise<{ amount: number; currency: string }> {
  const amount = Number(task.reward_amount);
  if (promoId === null) return { amount, currency: task.reward_currency };
  const promo = await db
    .selectFrom('promos')
    .select(['bonus_amount', 'bonus_currency'])
    .where('id', '=', promoId)
    .executeTakeFirst();
  const bonus = promo && promo.bonus_currency === task.reward_currency ? Number(promo.bonus_amount) : 0;
  return { amount: amount + bonus, currency: task.reward_currency };
}

/**
 * Takes the row of the referral's task for the rest of the transaction, so reward decisions on one task
 * run one after the other and the quota count each one reads stays true until it commits. It must be the
 * transaction's first statement. PostgreSQL: a row lock (FOR NO KEY UPDATE, which does not hold up new
 * referrals' foreign-key checks). SQLite: a no-op write, which takes the database's write lock at once,
 * as BEGIN IMMEDIATE would, before anything is read (in one process Kysely's single connection runs
 * transactions one at a time anyway; this keeps it true for a second process on the same file).
 * Answers the task, or 404 for a referral that does not exist.
 */
export async function lockTaskOfReferral(trx: DB, referralId: number): Promise<Task> {
  const taskOf = (eb: ExpressionBuilder<Database, 'tasks'>) =>
    eb.selectFrom('referrals').select('referrals.task_id').where('referrals.id', '=', referralId);
  const select = () => trx.selectFrom('tasks').selectAll().where('tasks.id', '=', taskOf);
  let task: Task | undefined;
  if (isPostgres(trx)) {
    task = await select().forNoKeyUpdate().executeTakeFirst();
  } else {
    await trx.updateTable('tasks').set({ updated_at: sql`updated_at` }).where('tasks.id', '=', taskOf).execute();
    task = await select().executeTakeFirst();
  }
  if (!task) throw notFound('Referral');
  return task;
}
