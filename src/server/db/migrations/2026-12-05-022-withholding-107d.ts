import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Issue 46, section 107D: a recruiter paid more than the threshold (RM100,000) in a calendar year has 2% of
// every payment of the next year withheld and remitted to the Inland Revenue Board.
// - `withholding_marks`: who is marked for which year (Malaysia time), the MYR they were paid the year
//   before and the threshold then in force; one per recruiter and year, never changed or deleted.
// - `payments` keep what was decided when they were created, and never change once paid: the gross
//   (`amount`, as before), the rate applied in basis points (null: nothing withheld), the amount withheld,
//   the net paid into the account, and the mark that made it so. Payments from before this release withheld
//   nothing: their net is their amount.
// The mark's column on payments has no foreign key: SQLite cannot drop a column that has one (down).
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('withholding_marks')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('recruiter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('paid_amount', money, (c) => c.notNull())
    .addColumn('threshold_amount', money, (c) => c.notNull())
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('withholding_marks_recruiter_year', ['recruiter_id', 'year'])
    .execute();
  await db.schema.createIndex('withholding_marks_year').on('withholding_marks').columns(['year', 'id']).execute();

  await db.schema
    .alterTable('payments')
    .addColumn('withheld_amount', money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('payments').addColumn('net_amount', money).execute();
  await db.schema.alterTable('payments').addColumn('withholding_rate', 'integer').execute();
  await db.schema.alterTable('payments').addColumn('withholding_mark_id', 'integer').execute();
  await db.updateTable('payments').set({ net_amount: sql`amount` }).execute();
  // SQLite cannot add NOT NULL to a column after the fact; the code always writes it there too.
  if (pg) await sql`alter table payments alter column net_amount set not null`.execute(db);
  // The admin's monthly list of amounts withheld: few payments among many, so a partial index.
  await db.schema
    .createIndex('payments_withheld_paid')
    .on('payments')
    .column('paid_at')
    .where(sql.ref('status'), '=', 'PAID')
    .where(sql.ref('withheld_amount'), '>', 0)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_withheld_paid').ifExists().execute();
  for (const column of ['withholding_mark_id', 'withholding_rate', 'net_amount', 'withheld_amount']) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
  await db.schema.dropTable('withholding_marks').ifExists().execute();
}
