import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { preparedQuery, preparedShapes } from '#src/server/db/prepared-query.ts';
import { containsShaped, type SearchShape, shapeSearch } from '#src/server/db/text-search.ts';
import { taskDeadline } from '#src/server/modules/admin-tasks/admin-task.repository.ts';
import type { TaskListQuery } from '#src/shared/task-schemas.ts';

/** Reward states that use up a task's quota (PRODUCT.md "Reward status"). */
export const QUOTA_USING_STATUSES = ['APPROVED', 'PENDING_PAYMENT', 'PAID'] as const;

type TaskEb = ExpressionBuilder<Database, 'tasks'>;

// A promo is running while starts_at <= now < ends_at; times are ISO text, so text order is time order.
const runningBonus = (eb: TaskEb, nowIso: string) =>
  eb
    .selectFrom('promo_tasks')
    .innerJoin('promos', 'promos.id', 'promo_tasks.promo_id')
    .select((e) => e.fn.max('promos.bonus_amount').as('bonus'))
    .whereRef('promo_tasks.task_id', '=', 'tasks.id')
    .where('promos.starts_at', '<=', nowIso)
    .where('promos.ends_at', '>', nowIso);

const quotaUsed = (eb: TaskEb) =>
  eb
    .selectFrom('referrals')
    .select((e) => e.fn.countAll().as('used'))
    .whereRef('referrals.task_id', '=', 'tasks.id')
    .where('referrals.reward_status', 'in', QUOTA_USING_STATUSES);

/**
 * What decides the board's SQL: the order, the status filter, whether the search runs on the trigram
 * index, and which filters are on. Their values are the queries' parameters (BoardValues), so each shape
 * is built and compiled once (preparedShapes), not on every call.
 */
type BoardShape = {
  sort: TaskListQuery['sort'];
  status: TaskListQuery['status'];
  search: SearchShape;
  jobType: boolean;
  promo: boolean;
  /** Manage Task: only the tasks this recruiter joined or was assigned. */
  member: boolean;
};

/** The filters' values; undefined where the shape leaves the filter off. */
type BoardValues = [
  nowIso: string,
  search: string | undefined,
  jobType: string | undefined,
  promoId: number | undefined,
  memberId: number | undefined,
];

const SEARCHED = ['title', 'company', 'code', 'location'] as const;

/**
 * The board's filters, for a page or for its count. "open" is a range of the deadline expression of the
 * tasks_status_deadline index (admin-task.repository.ts), so the count reads that index only. SQLite
 * without statistics (nothing runs ANALYZE) takes the index matching the most conditions, so a page in
 * date order checks the job type and the deadline row by row (a unary "+" rules the index out) while
 * tasks_status_created walks the open rows newest first; 'by reward' (the reward sort's candidates) the
 * same, so tasks_status_reward walks them highest reward first.
 */
function filtered(
  db: DB,
  shape: BoardShape,
  [nowIso, search, jobType, promoId, memberId]: BoardValues,
  use: 'page' | 'count' | 'by reward' = 'count',
) {
  const inOrder = (use === 'page' && shape.sort === 'date' && shape.search === 'none') || use === 'by reward';
  const byRow = (expr: Expression<unknown>) => (inOrder && !isPostgres(db) ? sql`+${expr}` : expr);
  let q = db.selectFrom('tasks');
  // Built once per shape (preparedShapes): the values are stand-ins then, present wherever the shape
  // uses them; the `?? 0` only satisfy the types.
  if (shape.search !== 'none') {
    q = q.where(containsShaped(db, 'tasks', SEARCHED, shape.search, search));
  }
  if (shape.jobType) q = q.where(byRow(sql.ref('tasks.job_type')), '=', jobType);
  // EXPIRED is not stored: an OPEN task whose expires_at has passed (a task without one never expires).
  if (shape.status === 'open') {
    q = q.where('tasks.status', '=', 'OPEN').where(byRow(taskDeadline()), '>', nowIso);
  } else if (shape.status === 'closed') {
    q = q.where((eb) => eb.or([eb('tasks.status', '=', 'CLOSED'), eb('tasks.expires_at', '<=', nowIso)]));
  }
  if (shape.promo) {
    q = q.where('tasks.id', 'in', (eb) =>
      eb
        .selectFrom('promo_tasks')
        .select('promo_tasks.task_id')
        .where('promo_tasks.promo_id', '=', promoId ?? 0),
    );
  }
  if (shape.member) {
    q = q.where('tasks.id', 'in', (eb) =>
      eb
        .selectFrom('recruiter_tasks')
        .select('recruiter_tasks.task_id')
        .where('recruiter_tasks.recruiter_id', '=', memberId ?? 0),
    );
  }
  return q;
}

/** The board's page: `top` (page * pageSize) bounds the reward sort's candidates, then limit and offset. */
const taskPage = preparedShapes(
  (db: DB, shape: BoardShape, ...[values, top, limit, offset]: [BoardValues, number, number, number]) => {
    const nowIso = values[0];
    let rows = filtered(db, shape, values, 'page').selectAll('tasks');
    if (shape.sort === 'reward') {
      // What the recruiter earns per referral now: the reward plus the largest running promo bonus. Only
      // the tasks of a running promo have a bonus (of at least 1), so the page is among them and the
      // first page * pageSize tasks by reward alone (ties: newest id): any other task has at least that
      // many before it. So the sort reads those (an index walked in reward order: tasks_status_reward)
      // instead of computing every matching task's bonus (PostgreSQL 90 ms, SQLite 29 ms at 100,000 tasks).
      const byReward = filtered(db, shape, values, 'by reward')
        .select('tasks.id')
        .orderBy('tasks.reward_amount', 'desc')
        .orderBy('tasks.id', 'desc')
        .limit(top);
      const inRunningPromo = db
        .selectFrom('promo_tasks')
        .innerJoin('promos', 'promos.id', 'promo_tasks.promo_id')
        .select('promo_tasks.task_id as id')
        .where('promos.starts_at', '<=', nowIso)
        .where('promos.ends_at', '>', nowIso);
      // One id list (about page * pageSize + a promo's tasks), found by primary key: as an OR of two lists
      // PostgreSQL checked each against every matching row (and JIT-compiled the query).
      rows = rows.where('tasks.id', 'in', db.selectFrom(byReward.as('top')).select('top.id').union(inRunningPromo));
      rows = rows.orderBy(
        (eb) => sql`${eb.ref('tasks.reward_amount')} + coalesce((${runningBonus(eb, nowIso)}), 0)`,
        'desc',
      );
    } else if (shape.sort === 'quota') {
      rows = rows.orderBy(
        (eb) =>
          sql`case when ${eb.ref('tasks.quota')} > (${quotaUsed(eb)}) then ${eb.ref('tasks.quota')} - (${quotaUsed(eb)}) else 0 end`,
        'desc',
      );
    } else {
      rows = rows.orderBy('tasks.created_at', 'desc');
    }
    return rows.orderBy('tasks.id', 'desc').limit(limit).offset(offset);
  },
);

const boardCount = preparedShapes((db: DB, shape: BoardShape, values: BoardValues) =>
  filtered(db, shape, values).select((eb) => eb.fn.countAll().as('n')),
);

/**
 * One page of tasks matching the filters, in the chosen order (ties: newest id first), and the total;
 * with `memberId`, only the tasks that recruiter joined or was assigned (Manage Task).
 */
export async function findTaskPage(db: DB, query: TaskListQuery, nowIso: string, memberId?: number) {
  const { sort, status, search, jobType, promoId, page, pageSize } = query;
  const text = shapeSearch(db, 'tasks', SEARCHED, search);
  const shape: BoardShape = {
    sort,
    status,
    search: text.shape,
    jobType: Boolean(jobType),
    promo: promoId !== undefined,
    member: memberId !== undefined,
  };
  const values: BoardValues = [nowIso, text.value, jobType || undefined, promoId, memberId];
  const [items, [count]] = await Promise.all([
    taskPage(db, shape, values, page * pageSize, pageSize, (page - 1) * pageSize),
    boardCount(db, shape, values),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

export const findTaskById = (db: DB, id: number) =>
  db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();

/** The running promos listing each task, largest bonus first (the first per task is the card's promo). */
export const findRunningPromosOf = preparedQuery((db: DB, taskIds: number[], nowIso: string) =>
  db
    .selectFrom('promo_tasks')
    .innerJoin('promos', 'promos.id', 'promo_tasks.promo_id')
    .select([
      'promo_tasks.task_id',
      'promos.id',
      'promos.title',
      'promos.bonus_amount',
      'promos.bonus_currency',
      'promos.ends_at',
    ])
    .where('promo_tasks.task_id', 'in', taskIds)
    .where('promos.starts_at', '<=', nowIso)
    .where('promos.ends_at', '>', nowIso)
    .orderBy('promos.bonus_amount', 'desc')
    .orderBy('promos.id', 'asc'),
);

/** Referrals using up each task's quota, across all recruiters. */
export const countQuotaUsed = preparedQuery((db: DB, taskIds: number[]) =>
  db
    .selectFrom('referrals')
    .select((eb) => ['referrals.task_id', eb.fn.countAll().as('used')])
    .where('referrals.task_id', 'in', taskIds)
    .where('referrals.reward_status', 'in', QUOTA_USING_STATUSES)
    .groupBy('referrals.task_id'),
);

/** Which of the tasks the recruiter joined or was assigned. */
export const findMemberTaskIds = preparedQuery((db: DB, recruiterId: number, taskIds: number[]) =>
  db
    .selectFrom('recruiter_tasks')
    .select('recruiter_tasks.task_id')
    .where('recruiter_tasks.recruiter_id', '=', recruiterId)
    .where('recruiter_tasks.task_id', 'in', taskIds),
);

/** Adds the recruiter to the task; a second join changes nothing (recruiter_tasks_unique). */
export const insertMember = (db: DB, recruiterId: number, taskId: number, nowIso: string) =>
  db
    .insertInto('recruiter_tasks')
    .values({ recruiter_id: recruiterId, task_id: taskId, assigned_by: null, created_at: nowIso })
    .onConflict((oc) => oc.columns(['recruiter_id', 'task_id']).doNothing())
    .execute();

const promoColumns = [
  'promos.id',
  'promos.title',
  'promos.description',
  'promos.starts_at',
  'promos.ends_at',
  'promos.bonus_amount',
  'promos.bonus_currency',
] as const;

const taskCount = (eb: ExpressionBuilder<Database, 'promos'>) =>
  eb
    .selectFrom('promo_tasks')
    .select((e) => e.fn.countAll().as('n'))
    .whereRef('promo_tasks.promo_id', '=', 'promos.id')
    .as('task_count');

export const findRunningPromos = (db: DB, nowIso: string) =>
  db
    .selectFrom('promos')
    .select((eb) => [...promoColumns, taskCount(eb)])
    .where('promos.starts_at', '<=', nowIso)
    .where('promos.ends_at', '>', nowIso)
    .orderBy('promos.ends_at', 'asc')
    .orderBy('promos.id', 'asc')
    .execute();

export const findPromoById = (db: DB, id: number) =>
  db
    .selectFrom('promos')
    .select((eb) => [...promoColumns, taskCount(eb)])
    .where('promos.id', '=', id)
    .executeTakeFirst();

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromoById>>>;
