import type { Kysely } from 'kysely';

// Indexes for the admin's referral list and dashboard at a million referrals (issue 5): the default order (newest
// first), the consent and reward filters (and the payable list: APPROVED), and call proofs counted per
// referral and status (SQLite, planning without statistics, otherwise counts a referral's proofs of one
// status through the review_status index, reading every proof of that status).
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('referrals_created').on('referrals').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('referrals_consent_created')
    .on('referrals')
    .columns(['consent_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('referrals_reward_created')
    .on('referrals')
    .columns(['reward_status', 'created_at'])
    .execute();
  // The admin dashboard's platform numbers: rewards in review and unpaid sums per currency (covering),
  // consents per month (366 ms -> 157 ms at 300,000 referrals on SQLite). Referrals per month use
  // referrals_created above.
  await db.schema
    .createIndex('referrals_reward_consent')
    .on('referrals')
    .columns(['reward_status', 'consent_status', 'reward_currency', 'reward_amount'])
    .execute();
  await db.schema
    .createIndex('referrals_consent_decided')
    .on('referrals')
    .columns(['consent_status', 'consent_decided_at'])
    .execute();
  await db.schema
    .createIndex('call_proofs_referral_review')
    .on('call_proofs')
    .columns(['referral_id', 'review_status'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'call_proofs_referral_review',
    'referrals_consent_decided',
    'referrals_reward_consent',
    'referrals_reward_created',
    'referrals_consent_created',
    'referrals_created',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
