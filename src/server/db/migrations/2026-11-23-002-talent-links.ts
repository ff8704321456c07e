import { type Kysely, PostgresAdapter } from 'kysely';

// Issue 3: the language a talent's e-mails are written in, and the proof of each answer a talent gives
// on a consent or ITA link (PDPA: when, to which notice version, in which language, from where).
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('talents')
    .addColumn('contact_locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  // The note typed at the resume drop, offered again at profile completion.
  await db.schema.alterTable('talents').addColumn('draft_note', 'text').execute();

  await db.schema
    .createTable('talent_decisions')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('referral_id', 'integer', (c) => c.notNull().references('referrals.id').onDelete('cascade'))
    .addColumn('token_id', 'integer', (c) => c.references('one_time_tokens.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('notice_version', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('talent_decisions_referral')
    .on('talent_decisions')
    .columns(['referral_id', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('talent_decisions').ifExists().execute();
  await db.schema.alterTable('talents').dropColumn('contact_locale').execute();
  await db.schema.alterTable('talents').dropColumn('draft_note').execute();
}
