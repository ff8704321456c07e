import { type Kysely, PostgresAdapter } from 'kysely';

// Issue 46, Form CP58 (Income Tax Act 1967, s83A): the statements the payer gives recruiters of the
// incentives it paid them in a year, kept 7 years.
// - `cp58_forms`: one row per issued version, never changed. A correction is a new row with the next
//   `version`, naming the one it corrects. It holds the figures (Part C, amounts only: plain JSON) and the
//   payer (the operator's company, plain JSON) as issued, and what holds the payee's identity number sealed
//   (security/sealing.ts): the payee details as issued, for `cp58-payee:<id>`, and the PDF as issued, for
//   `cp58-pdf:<id>` (GCM's tag also proves it unchanged). No foreign keys: the record outlives the accounts
//   it names, as the access record does.
// - `cp58_requests`: a recruiter paid less than the threshold asks for theirs; one per recruiter and year,
//   dated again when they ask again after a version was issued.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await withId('cp58_forms')
    .addColumn('recruiter_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('corrects_version', 'integer')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('total_amount', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('figures', 'text', (c) => c.notNull()) // JSON Cp58Figures
    .addColumn('payer', 'text', (c) => c.notNull()) // JSON StatementPayer
    .addColumn('payee_sealed', 'text', (c) => c.notNull())
    .addColumn('pdf_sealed', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issued_by', 'integer', (c) => c.notNull())
    .addUniqueConstraint('cp58_forms_version', ['recruiter_id', 'year', 'version'])
    .execute();
  await db.schema.createIndex('cp58_forms_year').on('cp58_forms').columns(['year', 'recruiter_id']).execute();

  await withId('cp58_requests')
    .addColumn('recruiter_id', 'integer', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('cp58_requests_recruiter_year', ['recruiter_id', 'year'])
    .execute();
  await db.schema.createIndex('cp58_requests_year').on('cp58_requests').columns(['year', 'recruiter_id']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cp58_requests').ifExists().execute();
  await db.schema.dropTable('cp58_forms').ifExists().execute();
}
