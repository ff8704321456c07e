import type { DB } from '#src/server/db/connect.ts';
import { recordAccess } from './access-log';

// Issue 46: a recruiter's payee details (Form CP58) are kept exactly as long as the payment records they
// belong to. While the account is active they are the details of the payments to come; once it is
// deactivated, they go when nothing needs them any more: no payment waiting (PENDING), no reward owed
// (APPROVED or PENDING_PAYMENT, to be paid and declared), and no payment touched within
// RETENTION_PAYMENT_YEARS (the period a payer keeps its copy of the forms). Reactivated, the recruiter
// types them again before the next payment.

/** Deletes the payee details no payment needs; answers how many. `before`: the payment period's start. */
export async function erasePayeesNoLongerNeeded(db: DB, now: Date, before: string): Promise<number> {
  const rows = await db
    .selectFrom('payees')
    .innerJoin('users', 'users.id', 'payees.user_id')
    .select('payees.user_id')
    .where('users.status', '=', 'DEACTIVATE')
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('payments')
              .select('payments.id')
              .whereRef('payments.recruiter_id', '=', 'payees.user_id')
              .where((p) => p.or([p('payments.status', '=', 'PENDING'), p('payments.updated_at', '>=', before)])),
          ),
          eb.exists(
            eb
              .selectFrom('referrals')
              .select('referrals.id')
              .whereRef('referrals.recruiter_id', '=', 'payees.user_id')
              .where('referrals.reward_status', 'in', ['APPROVED', 'PENDING_PAYMENT']),
          ),
        ]),
      ),
    )
    .execute();
  let erased = 0;
  for (const { user_id: userId } of rows) {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('payees').where('user_id', '=', userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return; // another instance was first
      erased += 1;
      await recordAccess(trx, now, {
        actorId: null,
        actorKind: 'SYSTEM',
        action: 'RETENTION_ERASE',
        subjectKind: 'RECRUITER',
        subjectId: userId,
        detail: { what: 'payee' },
      });
    });
  }
  return erased;
}
