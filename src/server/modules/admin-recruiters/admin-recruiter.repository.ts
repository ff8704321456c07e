import { type ExpressionBuilder, sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { containsText } from '#src/server/db/text-search.ts';
import { taskDeadline } from '#src/server/modules/admin-tasks/admin-task.repository.ts';
import { scoreSql } from '#src/server/modules/insight/score-sql.ts';
import { QUOTA_USING_STATUSES } from '#src/server/modules/tasks/task.repository.ts';
import type { RecruiterListQuery } from '#src/shared/admin-recruiter-schemas.ts';
import type { MoneyTotal } from '#src/shared/admin-recruiter-types.ts';

type UserEb = ExpressionBuilder<Database, 'users'>;

// Roles are a JSON list in text; `_` is a LIKE wildcard, so it is escaped.
export const hasRole = (role: 'ROLE_RECRUITER' | 'ROLE_ADMIN') =>
  sql<boolean>`${sql.ref('users.roles')} like ${`%"${role.replace('_', '\\_')}"%`} escape '\\'`;

const MAIN_CURRENCY = 'MYR';

// Correlated counts, one row per recruiter in the same query: indexed by recruiter_tasks_unique and
// referrals_recruiter_task, so a page costs pageSize index range scans, never a query per recruiter.
const taskCount = (eb: UserEb) =>
  eb
    .selectFrom('recruiter_tasks')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('recruiter_tasks.recruiter_id', '=', 'users.id');

const referralCount = (eb: UserEb) =>
  eb
    .selectFrom('referrals')
    .select((e) => e.fn.countAll<number>().as('n'))
    .whereRef('referrals.recruiter_id', '=', 'users.id');

const userColumns = [
  'users.id',
  'users.full_name',
  'users.email',
  'users.phone',
  'users.status',
  'users.locale',
  'users.roles',
  'users.need_to_change_password',
  'users.temporary_password_expires_at',
  'users.created_at',
] as const;

function filtered(db: DB, query: Pick<RecruiterListQuery, 'search' | 'status'>) {
  let q = db.selectFrom('users').where(hasRole('ROLE_RECRUITER'));
  if (query.status !== 'all') q = q.where('users.status', '=', query.status);
  if (query.search) q = q.where(containsText(db, 'users', ['full_name', 'email'], query.search));
  return q;
}

const selectRecruiters = (q: ReturnType<typeof filtered>) =>
  q.select((eb) => [...userColumns, taskCount(eb).as('task_count'), referralCount(eb).as('referral_count')]);

/**
 * One page of recruiters with their task and referral counts, and the total. The page's ids come first
 * (SQLite would otherwise work out the counts of every recruiter before sorting), then the counts of
 * those 10 to 50 recruiters only, by recruiter_tasks_unique and referrals_recruiter_created.
 */
export async function findRecruiterPage(db: DB, query: RecruiterListQuery) {
  const [pageIds, count] = await Promise.all([
    pageOfIds(db, query),
    filtered(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const order = pageIds.map((row) => row.id);
  const rows =
    order.length === 0
      ? []
      : await selectRecruiters(db.selectFrom('users').where(hasRole('ROLE_RECRUITER')))
          .where('users.id', 'in', order)
          .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = order.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  return { items, total: Number(count.n) };
}

/** The ids of one page of recruiters, in the order asked for. */
function pageOfIds(db: DB, query: RecruiterListQuery): Promise<{ id: number }[]> {
  const offset = (query.page - 1) * query.pageSize;
  if (query.sort === 'SCORE') {
    // Highest score first (issue 27), recruiters without one (too few referrals, or none) last; then
    // newest first. recruiter_scores is read by its primary key, one row per recruiter.
    const score = scoreSql(db);
    return filtered(db, query)
      .leftJoin('recruiter_scores as s', 's.recruiter_id', 'users.id')
      .select('users.id')
      .orderBy(sql`(${score}) is null`)
      .orderBy(score, 'desc')
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(query.pageSize)
      .offset(offset)
      .execute();
  }
  let ids = filtered(db, query).select('users.id');
  if (query.sort === 'ALPHABETICAL') {
    ids = ids.orderBy((eb) => eb.fn('lower', ['users.full_name']), 'asc').orderBy('users.id', 'asc');
  } else if (query.sort === 'EARLIEST') {
    ids = ids.orderBy('users.created_at', 'asc').orderBy('users.id', 'asc');
  } else {
    ids = ids.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc');
  }
  return ids.limit(query.pageSize).offset(offset).execute();
}

/** A recruiter (a user with ROLE_RECRUITER) with counts, or undefined. */
export const findRecruiterById = (db: DB, id: number) =>
  selectRecruiters(filtered(db, { status: 'all' }))
    .where('users.id', '=', id)
    .executeTakeFirst();

export type RecruiterRecord = NonNullable<Awaited<ReturnType<typeof findRecruiterById>>>;

/**
 * Rewards earned by each recruiter, per currency, in one grouped query over the page's recruiters:
 * APPROVED, PENDING_PAYMENT and PAID (what a recruiter is owed or was paid), or `statuses`.
 */
export async function sumEarnings(
  db: DB,
  recruiterIds: number[],
  statuses: readonly string[] = QUOTA_USING_STATUSES,
): Promise<Map<number, MoneyTotal[]>> {
  const out = new Map<number, MoneyTotal[]>();
  if (recruiterIds.length === 0) return out;
  const rows = await db
    .selectFrom('referrals')
    .select((eb) => [
      'referrals.recruiter_id',
      'referrals.reward_currency',
      eb.fn.sum<number>('referrals.reward_amount').as('amount'),
    ])
    .where('referrals.recruiter_id', 'in', recruiterIds)
    .where('referrals.reward_status', 'in', statuses)
    .where('referrals.reward_amount', 'is not', null)
    .groupBy(['referrals.recruiter_id', 'referrals.reward_currency'])
    .execute();
  for (const row of rows) {
    const list = out.get(row.recruiter_id) ?? [];
    list.push({ currency: row.reward_currency ?? MAIN_CURRENCY, amount: Number(row.amount) });
    out.set(row.recruiter_id, list);
  }
  for (const list of out.values()) {
    list.sort((a, b) =>
      a.currency === b.currency
        ? 0
        : a.currency === MAIN_CURRENCY
          ? -1
          : b.currency === MAIN_CURRENCY
            ? 1
            : a.currency.localeCompare(b.currency),
    );
  }
  return out;
}

/** The recruiter's status; deactivation's session revocation is the caller's (same transaction). */
export const updateRecruiterStatus = (db: DB, id: number, status: 'ACTIVE' | 'DEACTIVATE', nowIso: string) =>
  db.updateTable('users').set({ status, updated_at: nowIso }).where('id', '=', id).execute();

/** Whether the recruiter is in the task (joined or assigned). */
export const findMembership = (db: DB, recruiterId: number, taskId: number) =>
  db
    .selectFrom('recruiter_tasks')
    .select(['recruiter_tasks.id', 'recruiter_tasks.assigned_by'])
    .where('recruiter_tasks.recruiter_id', '=', recruiterId)
    .where('recruiter_tasks.task_id', '=', taskId)
    .executeTakeFirst();

/** Assigns the task; a second assignment (or a race with the recruiter's own join) changes nothing. */
export async function insertAssignment(
  db: DB,
  values: { recruiterId: number; taskId: number; assignedBy: number; nowIso: string },
): Promise<boolean> {
  const result = await db
    .insertInto('recruiter_tasks')
    .values({
      recruiter_id: values.recruiterId,
      task_id: values.taskId,
      assigned_by: values.assignedBy,
      created_at: values.nowIso,
    })
    .onConflict((oc) => oc.columns(['recruiter_id', 'task_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Open, unexpired tasks the recruiter is not in, newest first, matching `search` (title, company, code). */
export async function findAssignableTasks(
  db: DB,
  values: { recruiterId: number; search?: string; page: number; pageSize: number; nowIso: string },
) {
  let q = db
    .selectFrom('tasks')
    .where('tasks.status', '=', 'OPEN')
    .where(taskDeadline(), '>', values.nowIso)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('recruiter_tasks')
            .select('recruiter_tasks.id')
            .whereRef('recruiter_tasks.task_id', '=', 'tasks.id')
            .where('recruiter_tasks.recruiter_id', '=', values.recruiterId),
        ),
      ),
    );
  if (values.search) q = q.where(containsText(db, 'tasks', ['title', 'company', 'code', 'location'], values.search));
  const [items, count] = await Promise.all([
    q
      .selectAll('tasks')
      .orderBy('tasks.created_at', 'desc')
      .orderBy('tasks.id', 'desc')
      .limit(values.pageSize)
      .offset((values.page - 1) * values.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}
