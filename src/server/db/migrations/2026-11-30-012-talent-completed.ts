import type { Kysely } from 'kysely';

// Issue 21: a talent whose resume was dropped but whose profile was never completed has no referral yet,
// so nothing told it apart from a finished one. The drop records the task it was made for here; profile
// completion clears it. Null means complete, so every talent from before this release counts as
// complete without a backfill.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('talents').addColumn('completion_task_id', 'integer').execute();
  // The dashboard counts a recruiter's half-added talents.
  await db.schema
    .createIndex('talents_recruiter_completion_idx')
    .on('talents')
    .columns(['recruiter_id', 'completion_task_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('talents_recruiter_completion_idx').execute();
  await db.schema.alterTable('talents').dropColumn('completion_task_id').execute();
}
