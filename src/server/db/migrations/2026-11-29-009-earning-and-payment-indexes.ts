import type { Kysely } from 'kysely';

// Issue 7 bench, at a million referrals:
// - The recruiter's earning page lists their decided referrals newest decision first (and a month's, a
//   range on reward_decided_at). From referrals_recruiter_reward it had to gather every decided referral
//   of the recruiter, join each to its talent and task, then sort: 53 ms for the recruiter with 24,000
//   referrals. Walking this index in order, a page reads its 20 rows (under 1 ms). Undecided referrals
//   have no decision time and sort after every decided one.
// - The admin dashboard's money paid per month read every payment once a month (no index on paid_at);
//   this one is a covering range per month.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('referrals_recruiter_decided')
    .on('referrals')
    .columns(['recruiter_id', 'reward_decided_at', 'id'])
    .execute();
  await db.schema
    .createIndex('payments_status_paid')
    .on('payments')
    .columns(['status', 'paid_at', 'currency', 'amount'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payments_status_paid').execute();
  await db.schema.dropIndex('referrals_recruiter_decided').execute();
}
