import type { DB } from '#src/server/db/connect.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { notFound } from '#src/server/errors.ts';

/**
 * The caller's referral, or 404 as if it did not exist (another recruiter's looks the same as a missing
 * one). `lock` takes the row for the rest of the transaction on PostgreSQL, so two requests checking a
 * rule on the same referral (the resend interval) run one after the other; SQLite runs one write
 * transaction at a time anyway.
 */
export async function findMyReferral(db: DB, recruiterId: number, referralId: number, lock = false) {
  const row = await db
    .selectFrom('referrals')
    .selectAll()
    .where('id', '=', referralId)
    .where('recruiter_id', '=', recruiterId)
    .$if(lock && isPostgres(db), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound('Referral');
  return row;
}
