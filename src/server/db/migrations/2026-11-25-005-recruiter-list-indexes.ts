import type { Kysely } from 'kysely';

// The recruiter's own lists at a million referrals (issue 5 bench): their referrals newest first, their
// earnings summed per reward status and currency (covering), their consent filter, the admin's hiring
// and reward filters in the default order, and their talents by last change. Each starts with the
// columns of a filter so a page walks an index in order instead of reading every row of one recruiter.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('referrals_recruiter_created')
    .on('referrals')
    .columns(['recruiter_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('referrals_recruiter_reward')
    .on('referrals')
    .columns(['recruiter_id', 'reward_status', 'reward_currency', 'reward_amount'])
    .execute();
  await db.schema
    .createIndex('referrals_recruiter_consent')
    .on('referrals')
    .columns(['recruiter_id', 'consent_status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('referrals_hiring_reward_created')
    .on('referrals')
    .columns(['hiring_status', 'reward_status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('talents_recruiter_updated')
    .on('talents')
    .columns(['recruiter_id', 'updated_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'talents_recruiter_updated',
    'referrals_hiring_reward_created',
    'referrals_recruiter_consent',
    'referrals_recruiter_reward',
    'referrals_recruiter_created',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
}
