import { type Kysely, PostgresAdapter } from 'kysely';

// Issue 24: personal data kept as the privacy notice promises.
// - `talents.erased_at`: when a talent's personal fields were removed (anonymised) and the rows kept for
//   the money trail and the statistics. A talent erased outright has no row left at all.
// - `email_outbox.talent_id`: which talent an e-mail is to or about, so erasing a talent deletes every
//   e-mail body that names them. No foreign key: the eraser deletes these rows itself, before the talent.
// - `one_time_tokens.talent_id`: the talent a "manage my data" link (kind DATA) opens.
// - `data_requests`: a talent's request to correct their data or a withdrawal, with its 21-day clock
//   (PDPA s31 for corrections).
// - `access_log`: who viewed or downloaded a file holding personal data, exported payments with bank
//   details, exported or erased a person; append-only, no foreign keys, so erasing what it names never
//   erases the record of access to it.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('talents').addColumn('erased_at', 'text').execute();
  await db.schema.alterTable('email_outbox').addColumn('talent_id', 'integer').execute();
  await db.schema.createIndex('email_outbox_talent').on('email_outbox').column('talent_id').execute();
  // No foreign key: SQLite cannot drop a column that has one (down), and the eraser deletes these links.
  await db.schema.alterTable('one_time_tokens').addColumn('talent_id', 'integer').execute();
  await db.schema.createIndex('one_time_tokens_talent').on('one_time_tokens').column('talent_id').execute();
  // (The retention job finds declined referrals by referrals_consent_decided, migration 003.)
  await db.schema.createIndex('talents_updated').on('talents').columns(['erased_at', 'updated_at']).execute();

  await db.schema
    .createTable('data_requests')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('talent_id', 'integer', (c) => c.notNull().references('talents.id').onDelete('cascade'))
    .addColumn('referral_id', 'integer', (c) => c.references('referrals.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull()) // CORRECTION | WITHDRAWAL
    .addColumn('message', 'text') // what the talent asks to be corrected (their own words)
    .addColumn('status', 'text', (c) => c.notNull()) // OPEN | DONE | REFUSED
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('response', 'text')
    .execute();
  await db.schema.createIndex('data_requests_status_due').on('data_requests').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('data_requests_talent').on('data_requests').column('talent_id').execute();

  await db.schema
    .createTable('access_log')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('actor_id', 'integer') // null: the system (the retention job) or a talent on their link
    .addColumn('actor_kind', 'text', (c) => c.notNull()) // ADMIN | RECRUITER | TALENT | SYSTEM
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull()) // FILE | TALENT | PAYMENTS
    .addColumn('subject_id', 'integer')
    .addColumn('talent_id', 'integer') // the person concerned, when there is one
    .addColumn('detail', 'text') // JSON with no personal data of the talent (counts, a file's purpose, a reason)
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_log_created').on('access_log').column('created_at').execute();
  await db.schema.createIndex('access_log_talent').on('access_log').columns(['talent_id', 'created_at']).execute();
  await db.schema.createIndex('access_log_actor').on('access_log').columns(['actor_id', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('access_log').ifExists().execute();
  await db.schema.dropTable('data_requests').ifExists().execute();
  await db.schema.dropIndex('talents_updated').ifExists().execute();
  await db.schema.dropIndex('one_time_tokens_talent').ifExists().execute();
  await db.schema.alterTable('one_time_tokens').dropColumn('talent_id').execute();
  await db.schema.dropIndex('email_outbox_talent').ifExists().execute();
  await db.schema.alterTable('email_outbox').dropColumn('talent_id').execute();
  await db.schema.alterTable('talents').dropColumn('erased_at').execute();
}
