import type { Kysely } from 'kysely';

// Issue 21: a consent link that expires unanswered is told to the recruiter exactly once. The maintenance
// job claims each such link by setting this column in the same transaction as the e-mail it queues.
// (A talent's withdrawal of consent needs no column: it is a `talent_decisions` row with the decision
// WITHDRAWN, and the referral's consent becomes DECLINED.)
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_tokens').addColumn('expiry_noticed_at', 'text').execute();
  // Links that expired before this release are not announced now, days late: they count as noticed.
  await db
    .updateTable('one_time_tokens')
    .set((eb) => ({ expiry_noticed_at: eb.ref('expires_at') }))
    .where('expires_at', '<=', new Date().toISOString())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('one_time_tokens').dropColumn('expiry_noticed_at').execute();
}
