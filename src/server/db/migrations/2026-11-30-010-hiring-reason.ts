import { type Kysely, PostgresAdapter } from 'kysely';

// Issue 21, the admin decides with the evidence:
// - A final hiring move (HIRED, REJECTED, WITHDRAWN) carries the admin's reason, which the recruiter sees
//   on the referral. referrals.hiring_reason holds the reason given with the move to the current hiring
//   status (null when that move had none); every move's reason stays in referral_history as well.
// - Every read of a stored file (a CV viewed in place or downloaded, a call proof) is recorded: who, which
//   file, how, when. Files hold candidates' personal data; this answers "who has seen this CV".
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('referrals').addColumn('hiring_reason', 'text').execute();
  await db.schema
    .createTable('file_reads')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('file_id', 'integer', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('disposition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_reads_file').on('file_reads').columns(['file_id', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_reads').ifExists().execute();
  await db.schema.alterTable('referrals').dropColumn('hiring_reason').execute();
}
