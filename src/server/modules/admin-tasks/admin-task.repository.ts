import { randomUUID } from 'node:crypto';
import { type Expression, sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { NewTask, Task } from '#src/server/db/database.ts';
import { containsText } from '#src/server/db/text-search.ts';
import type { AdminTaskListQuery } from '#src/shared/admin-task-schemas.ts';

// The admin's task list and the task writes. Status filters follow the derived status of
// tasks/task.mappers.ts: EXPIRED is an OPEN task whose deadline has passed; a CLOSED task stays CLOSED.

/** Where a deadline-less task goes in the deadline sort: after every real deadline. */
export const NO_DEADLINE = '9999-12-31T23:59:59.999Z';

/**
 * The task's deadline, a deadline-less task's being after every real one: the expression of the
 * tasks_deadline and tasks_status_deadline indexes, so "open" and "expired" are index ranges.
 */
export const taskDeadline = () => sql<string>`coalesce(${sql.ref('tasks.expires_at')}, ${sql.lit(NO_DEADLINE)})`;

/** On SQLite, the expression with a unary "+": a no-op that SQLite's documentation offers to rule indexes out. */
const byRowOn = (db: DB) => (expr: Expression<unknown>) => (isPostgres(db) ? expr : sql`+${expr}`);

/**
 * The list's filters, for a page or for its count. SQLite without statistics (nothing runs ANALYZE)
 * takes the index matching the most conditions, whatever it costs after, so on SQLite (PostgreSQL plans
 * from its own statistics): a page checks the job type, and the deadline unless it is the sort, row by
 * row while the (status, sort key) index walks the rows in order; a search starts from its matches (the
 * trigram index's ids; the table read straight through for 1 or 2 characters), checking the rest row by row.
 */
function filtered(db: DB, query: AdminTaskListQuery, nowIso: string, use: 'page' | 'count') {
  const byRow = byRowOn(db);
  const searching = Boolean(query.search);
  const status = searching ? byRow(sql.ref('tasks.status')) : sql.ref('tasks.status');
  const jobType = searching || use === 'page' ? byRow(sql.ref('tasks.job_type')) : sql.ref('tasks.job_type');
  const deadline = searching || (use === 'page' && query.sort !== 'date') ? byRow(taskDeadline()) : taskDeadline();
  let q = db.selectFrom('tasks');
  if (query.search) q = q.where(containsText(db, 'tasks', ['title', 'company', 'code', 'location'], query.search));
  if (query.jobType) q = q.where(jobType, '=', query.jobType);
  if (query.status === 'open') {
    q = q.where(status, '=', 'OPEN').where(deadline, '>', nowIso);
  } else if (query.status === 'closed') {
    q = q.where(status, '=', 'CLOSED');
  } else if (query.status === 'EXPIRED') {
    q = q.where(status, '=', 'OPEN').where(deadline, '<=', nowIso);
  }
  return q;
}

const SORT_COLUMNS = { latest: 'tasks.created_at', reward: 'tasks.reward_amount', quota: 'tasks.quota' } as const;

type TaskQuery = ReturnType<typeof filtered>;

/**
 * One page of tasks in the chosen order (ties broken by id), and how many match. `narrow`
 * adds a condition of the caller's (the tasks a promo can take).
 */
export async function findAdminTaskPage(
  db: DB,
  query: AdminTaskListQuery,
  nowIso: string,
  narrow: (q: TaskQuery) => TaskQuery = (q) => q,
) {
  const id = sql.ref('tasks.id');
  const order: Array<[Expression<unknown>, 'asc' | 'desc']> =
    query.sort === 'earliest'
      ? [
          [sql.ref('tasks.created_at'), 'asc'],
          [id, 'asc'],
        ]
      : query.sort === 'date'
        ? // The deadline, soonest first; tasks without one last (ties: the older first, the index's order).
          [
            [taskDeadline(), 'asc'],
            [id, 'asc'],
          ]
        : [
            [sql.ref(SORT_COLUMNS[query.sort]), 'desc'],
            [id, 'desc'],
          ];
  const count = async () =>
    Number(
      (
        await narrow(filtered(db, query, nowIso, 'count'))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const offset = (query.page - 1) * query.pageSize;
  if (!query.search) {
    let rows = narrow(filtered(db, query, nowIso, 'page')).selectAll('tasks');
    for (const [expr, direction] of order) rows = rows.orderBy(expr, direction);
    const [items, total] = await Promise.all([rows.limit(query.pageSize).offset(offset).execute(), count()]);
    return { items, total };
  }
  // A search reads all its matches anyway: one pass finds the page's ids and counts the matches, and
  // sorts what it found rather than walking a sort index with a lookup per row. PostgreSQL would still
  // walk one (its LIMIT costing forgets that the window count reads every match: 140 ms at 100,000
  // tasks, 36 ms from the trigram indexes), so there the sort keys are coalesce(x, x), which no index has.
  const unindexed = (expr: Expression<unknown>) => (isPostgres(db) ? sql`coalesce(${expr}, ${expr})` : sql`+${expr}`);
  let hits = narrow(filtered(db, query, nowIso, 'page')).select((eb) => [
    'tasks.id',
    eb.fn.countAll().over().as('total'),
  ]);
  for (const [expr, direction] of order) hits = hits.orderBy(unindexed(expr), direction);
  const page = await hits.limit(query.pageSize).offset(offset).execute();
  // Nothing on the first page is nothing at all; past the last page, the matches are counted apart.
  if (page.length === 0) return { items: [], total: offset === 0 ? 0 : await count() };
  const ids = page.map((hit) => hit.id);
  const rows = await db.selectFrom('tasks').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return {
    items: ids.flatMap((taskId) => byId.get(taskId) ?? []),
    total: Number(page[0]?.total ?? 0),
  };
}

/** Every referral of each task, decided or not. */
export const countReferrals = (db: DB, taskIds: number[]) =>
  db
    .selectFrom('referrals')
    .select((eb) => ['referrals.task_id', eb.fn.countAll().as('n')])
    .where('referrals.task_id', 'in', taskIds)
    .groupBy('referrals.task_id')
    .execute();

/** The promos listing a task, the latest starting first. */
export const findPromosOfTask = (db: DB, taskId: number) =>
  db
    .selectFrom('promo_tasks')
    .innerJoin('promos', 'promos.id', 'promo_tasks.promo_id')
    .select(['promos.id', 'promos.title', 'promos.starts_at', 'promos.ends_at'])
    .where('promo_tasks.task_id', '=', taskId)
    .orderBy('promos.starts_at', 'desc')
    .orderBy('promos.id', 'desc')
    .execute();

export type TaskValues = Omit<NewTask, 'id' | 'code' | 'status' | 'created_by' | 'created_at' | 'updated_at'>;

/** A new OPEN task; its code (T-000123) comes from its id, so two admins never take the same one. */
export async function insertTask(
  db: DB,
  values: TaskValues,
  createdBy: number,
  nowIso: string,
  // What else the creation does in its transaction (the announcement of a critical task, issue 25).
  also?: (trx: DB, task: Task) => Promise<void>,
): Promise<Task> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('tasks')
      .values({
        ...values,
        code: `NEW-${randomUUID()}`,
        status: 'OPEN',
        created_by: createdBy,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    let code = `T-${String(id).padStart(6, '0')}`;
    // Codes of tasks imported or seeded another way may already hold it.
    const taken = await trx.selectFrom('tasks').select('id').where('code', '=', code).executeTakeFirst();
    if (taken) code = `${code}-${id}`;
    const task = await trx
      .updateTable('tasks')
      .set({ code })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await also?.(trx, task);
    return task;
  });
}

/**
 * Rewrites the task's own fields. Nothing here touches referrals: a reward already decided keeps the
 * amount and currency fixed on the referral at approval (PRODUCT.md "Reward amount").
 */
export const updateTask = (db: DB, id: number, values: TaskValues, nowIso: string) =>
  db
    .updateTable('tasks')
    .set({ ...values, updated_at: nowIso })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export const setTaskStatus = (db: DB, id: number, status: Task['status'], nowIso: string) =>
  db.updateTable('tasks').set({ status, updated_at: nowIso }).where('id', '=', id).returningAll().executeTakeFirst();
