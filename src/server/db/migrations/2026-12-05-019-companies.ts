import { type Kysely, PostgresAdapter } from 'kysely';

// Issue 45: the hiring company in the loop.
// - `companies`: a task's company as a record of its own. `name_key` (the name trimmed, spaces squeezed,
//   lower-cased) is unique, so "Acme Sdn Bhd" and "ACME  sdn bhd" are one company. Existing tasks' `company`
//   text is merged by that key into one row each, and `tasks.company_id` points to it (no foreign key:
//   SQLite cannot drop a column that has one, in `down`). `tasks.company` stays: the text every screen shows.
// - `company_contacts`: the people at a company who review candidates (name, e-mail, the language of
//   their e-mails); removed ones keep their row (`removed_at`) for the record of what they were sent.
// - `company_shares`: one review link for one contact and one task. Only the token's SHA-256 is stored.
//   `reveal` (JSON list of CONTACT | RECRUITER | REWARD, empty by default) is what the admin chose to show
//   beyond the review fields, with `reveal_reason`. Opened, revoked and expiry times say what the admin sees.
// - `company_share_referrals`: which referrals a link shows; removing one dates it, and the page stops
//   showing it at once. Ids and dates only, and no foreign key to the referral: a talent erased outright
//   leaves the line, which the page shows as "no longer available".
// - `company_answers`: a contact's answer about one candidate on one link, with the hiring move it made
//   (`moved_from`/`moved_to`, null when it moved nothing: already there, or a concurrent answer did it).
// - `referral_history.company_contact_id`: the contact who made a change (a company answer), as the actor.
// Referral rows cascade to the answers (the company's words about the talent), so erasing a talent erases them.
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const withId = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await withId('companies')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('tasks').addColumn('company_id', 'integer').execute();
  await db.schema.createIndex('tasks_company').on('tasks').column('company_id').execute();
  await mergeTaskCompanies(db);

  await withId('company_contacts')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull()) // lower-cased
    .addColumn('locale', 'text', (c) => c.notNull()) // en | ms | zh
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('company_contacts_company').on('company_contacts').column('company_id').execute();

  await withId('company_shares')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('company_contacts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('reveal', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reveal_reason', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('first_opened_at', 'text')
    .addColumn('last_opened_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_shares_task').on('company_shares').columns(['task_id', 'id']).execute();
  await db.schema.createIndex('company_shares_contact').on('company_shares').column('contact_id').execute();

  await withId('company_share_referrals')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('company_shares.id').onDelete('cascade'))
    .addColumn('referral_id', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .addUniqueConstraint('company_share_referrals_pair', ['share_id', 'referral_id'])
    .execute();
  await db.schema
    .createIndex('company_share_referrals_referral')
    .on('company_share_referrals')
    .column('referral_id')
    .execute();

  await withId('company_answers')
    .addColumn('share_id', 'integer', (c) => c.notNull().references('company_shares.id').onDelete('cascade'))
    .addColumn('referral_id', 'integer', (c) => c.notNull().references('referrals.id').onDelete('cascade'))
    .addColumn('contact_id', 'integer', (c) => c.notNull().references('company_contacts.id').onDelete('cascade'))
    .addColumn('answer', 'text', (c) => c.notNull()) // SHORTLIST | INTERVIEW | NOT_A_FIT
    .addColumn('reason', 'text') // required for NOT_A_FIT
    .addColumn('comment', 'text')
    .addColumn('moved_from', 'text')
    .addColumn('moved_to', 'text')
    .addColumn('answered_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('company_answers_share_referral', ['share_id', 'referral_id'])
    .execute();
  await db.schema.createIndex('company_answers_referral').on('company_answers').column('referral_id').execute();

  await db.schema.alterTable('referral_history').addColumn('company_contact_id', 'integer').execute();
}

/** The key two spellings of one company share: trimmed, spaces squeezed, lower-cased. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function mergeTaskCompanies(db: Kysely<any>) {
  const at = new Date().toISOString();
  const tasks = (await db.selectFrom('tasks').select(['id', 'company']).orderBy('id').execute()) as {
    id: number;
    company: string;
  }[];
  const ids = new Map<string, number>();
  for (const task of tasks) {
    const key = nameKey(task.company);
    if (key === '') continue;
    let companyId = ids.get(key);
    if (companyId === undefined) {
      const row = await db
        .insertInto('companies')
        .values({ name: task.company.trim().replace(/\s+/g, ' '), name_key: key, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      companyId = row.id as number;
      ids.set(key, companyId);
    }
    await db.updateTable('tasks').set({ company_id: companyId }).where('id', '=', task.id).execute();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('referral_history').dropColumn('company_contact_id').execute();
  await db.schema.dropTable('company_answers').ifExists().execute();
  await db.schema.dropTable('company_share_referrals').ifExists().execute();
  await db.schema.dropTable('company_shares').ifExists().execute();
  await db.schema.dropTable('company_contacts').ifExists().execute();
  await db.schema.dropIndex('tasks_company').ifExists().execute();
  await db.schema.alterTable('tasks').dropColumn('company_id').execute();
  await db.schema.dropTable('companies').ifExists().execute();
}
