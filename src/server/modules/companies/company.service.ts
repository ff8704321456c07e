import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { CompanyContact, CompanyDetail, CompanySummary } from '#src/shared/company-types.ts';

// Issue 45: hiring companies and the contacts who review candidates for them. A company's name is unique
// whatever its case and spacing; renaming one renames the `company` text of its tasks, which every screen shows.

/** The key two spellings of one company share (as migration 019 merged the tasks' companies). */
export const companyNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

const companyExists = () =>
  new AppError('CONFLICT', 409, 'A company with this name exists already.', { name: 'company_exists' });
const contactExists = () =>
  new AppError('CONFLICT', 409, 'This company has a contact with this e-mail address already.', {
    email: 'contact_exists',
  });

type ContactRow = {
  id: number;
  name: string;
  email: string;
  locale: string;
  created_at: string;
  updated_at: string;
};
export const toContact = (row: ContactRow): CompanyContact => ({
  id: row.id,
  name: row.name,
  email: row.email,
  locale: row.locale,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const activeContacts = (db: DB, companyId: number) =>
  db
    .selectFrom('company_contacts')
    .select(['id', 'name', 'email', 'locale', 'created_at', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();

export async function listCompanies(
  { db }: AppDeps,
  query: { search?: string; page: number; pageSize: number },
): Promise<ListPage<CompanySummary>> {
  const search = query.search ? companyNameKey(query.search) : '';
  const base = db
    .selectFrom('companies')
    // A plain substring of the key (no LIKE: its wildcards would need escaping on both dialects).
    .$if(search !== '', (q) =>
      q.where(
        isPostgres(db) ? sql<number>`strpos(name_key, ${search})` : sql<number>`instr(name_key, ${search})`,
        '>',
        0,
      ),
    );
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select((eb) => [
      'companies.id',
      'companies.name',
      'companies.created_at',
      eb
        .selectFrom('company_contacts')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('company_contacts.company_id', '=', 'companies.id')
        .where('company_contacts.removed_at', 'is', null)
        .as('contacts'),
      eb
        .selectFrom('tasks')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('tasks.company_id', '=', 'companies.id')
        .as('tasks'),
      eb
        .selectFrom('company_shares')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('company_shares.company_id', '=', 'companies.id')
        .as('shares'),
      eb
        .selectFrom('company_answers')
        .innerJoin('company_shares', 'company_shares.id', 'company_answers.share_id')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('company_shares.company_id', '=', 'companies.id')
        .as('answers'),
    ])
    .orderBy('companies.name_key')
    .orderBy('companies.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      contacts: Number(row.contacts ?? 0),
      tasks: Number(row.tasks ?? 0),
      shares: Number(row.shares ?? 0),
      answers: Number(row.answers ?? 0),
      createdAt: row.created_at,
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getCompany({ db }: Pick<AppDeps, 'db'>, id: number): Promise<CompanyDetail> {
  const company = await db
    .selectFrom('companies')
    .select(['id', 'name', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!company) throw notFound('Company');
  return {
    id: company.id,
    name: company.name,
    contacts: (await activeContacts(db, id)).map(toContact),
    createdAt: company.created_at,
    updatedAt: company.updated_at,
  };
}

export async function createCompany(deps: AppDeps, input: { name: string }): Promise<CompanyDetail> {
  const at = deps.now().toISOString();
  const key = companyNameKey(input.name);
  const id = await deps.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('companies').select('id').where('name_key', '=', key).executeTakeFirst();
    if (taken) throw companyExists();
    const row = await trx
      .insertInto('companies')
      .values({ name: cleanName(input.name), name_key: key, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Tasks that already name this company (typed before it was a record) become its tasks.
    // (Compared in code: SQLite's lower() knows only ASCII letters.)
    const unlinked = await trx.selectFrom('tasks').select(['id', 'company']).where('company_id', 'is', null).execute();
    const ids = unlinked.filter((task) => companyNameKey(task.company) === key).map((task) => task.id);
    if (ids.length > 0) await trx.updateTable('tasks').set({ company_id: row.id }).where('id', 'in', ids).execute();
    return row.id;
  });
  return getCompany(deps, id);
}

export async function renameCompany(deps: AppDeps, id: number, input: { name: string }): Promise<CompanyDetail> {
  const at = deps.now().toISOString();
  const key = companyNameKey(input.name);
  await deps.db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst();
    if (!company) throw notFound('Company');
    const taken = await trx
      .selectFrom('companies')
      .select('id')
      .where('name_key', '=', key)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw companyExists();
    await trx
      .updateTable('companies')
      .set({ name: cleanName(input.name), name_key: key, updated_at: at })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('tasks')
      .set({ company: cleanName(input.name), updated_at: at })
      .where('company_id', '=', id)
      .execute();
  });
  return getCompany(deps, id);
}

/**
 * Points a task at the company its `company` text names (made when there is none yet), in the caller's
 * transaction: an admin's new or edited task belongs to its company from then on.
 */
export async function linkTaskCompany(trx: DB, taskId: number, at: string): Promise<{ id: number; name: string }> {
  const task = await trx.selectFrom('tasks').select('company').where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound('Task');
  const key = companyNameKey(task.company);
  let company = await trx.selectFrom('companies').select(['id', 'name']).where('name_key', '=', key).executeTakeFirst();
  if (!company) {
    company = await trx
      .insertInto('companies')
      .values({ name: cleanName(task.company), name_key: key, created_at: at, updated_at: at })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  }
  await trx.updateTable('tasks').set({ company_id: company.id }).where('id', '=', taskId).execute();
  return company;
}

/** The company record of a task: the one its `company_id` names, else the one its `company` text names. */
export async function companyOfTask(trx: DB, taskId: number, at: string): Promise<{ id: number; name: string }> {
  const task = await trx
    .selectFrom('tasks')
    .leftJoin('companies', 'companies.id', 'tasks.company_id')
    .select(['tasks.id', 'companies.id as companyId', 'companies.name as companyName'])
    .where('tasks.id', '=', taskId)
    .executeTakeFirst();
  if (!task) throw notFound('Task');
  if (task.companyId !== null && task.companyName !== null) return { id: task.companyId, name: task.companyName };
  return linkTaskCompany(trx, taskId, at);
}

type ContactInput = { name: string; email: string; locale: string };

async function assertEmailFree(trx: DB, companyId: number, email: string, exceptId?: number) {
  const taken = await trx
    .selectFrom('company_contacts')
    .select('id')
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('removed_at', 'is', null)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  if (taken) throw contactExists();
}

export async function addContact(deps: AppDeps, companyId: number, input: ContactInput): Promise<CompanyContact> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst();
    if (!company) throw notFound('Company');
    await assertEmailFree(trx, companyId, input.email);
    const row = await trx
      .insertInto('company_contacts')
      .values({
        company_id: companyId,
        name: input.name,
        email: input.email,
        locale: input.locale,
        created_at: at,
        updated_at: at,
        removed_at: null,
      })
      .returning(['id', 'name', 'email', 'locale', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toContact(row);
  });
}

const findContact = (trx: DB, companyId: number, contactId: number) =>
  trx
    .selectFrom('company_contacts')
    .select('id')
    .where('id', '=', contactId)
    .where('company_id', '=', companyId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();

/** A contact's new details; links sent before keep working (they are the contact's, not the address's). */
export async function updateContact(
  deps: AppDeps,
  companyId: number,
  contactId: number,
  input: ContactInput,
): Promise<CompanyContact> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await findContact(trx, companyId, contactId))) throw notFound('Contact');
    await assertEmailFree(trx, companyId, input.email, contactId);
    const row = await trx
      .updateTable('company_contacts')
      .set({ name: input.name, email: input.email, locale: input.locale, updated_at: at })
      .where('id', '=', contactId)
      .returning(['id', 'name', 'email', 'locale', 'created_at', 'updated_at'])
      .executeTakeFirstOrThrow();
    return toContact(row);
  });
}

/** Removes a contact: their row stays for the record, and every link of theirs still open is revoked. */
export async function removeContact(
  deps: AppDeps,
  companyId: number,
  contactId: number,
): Promise<{ id: number; revokedShares: number }> {
  const at = deps.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    if (!(await findContact(trx, companyId, contactId))) throw notFound('Contact');
    await trx
      .updateTable('company_contacts')
      .set({ removed_at: at, updated_at: at })
      .where('id', '=', contactId)
      .execute();
    const revoked = await trx
      .updateTable('company_shares')
      .set({ revoked_at: at })
      .where('contact_id', '=', contactId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return { id: contactId, revokedShares: Number(revoked.numUpdatedRows) };
  });
}
