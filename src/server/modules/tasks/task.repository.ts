import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import type { TaskListQuery } from '../../../shared/task-schemas';
import { type DB, isPostgres } from '../../db/connect';
import type { Database } from '../../db/database';
import { preparedQuery, selectRows } from '../../db/prepared-query';
import { containsText } from '../../db/text-search';
import { taskDeadline } from '../admin-tasks/admin-task.repository';

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

export type TaskScope = {
  query: TaskListQuery;
  nowIso: string;
  /** Manage Task: only the tasks this recruiter joined or was assigned. */
  memberId?: number;
};

/**
 * The board's filters, for a page or for its count. "open" is a range of the deadline expression of the
 * tasks_status_deadline index (admin-task.repository.ts), so the count reads that index only. SQLite
 * without statistics (nothing runs ANALYZE) takes the index matching the most conditions, so a page in
 * date order checks the job type and the deadline row by row (a unary "+" rules the index out) while
 * tasks_status_created walks the open rows newest first; 'by reward' (the reward sort's candidates) the
 * same, so tasks_status_reward walks them highest reward first.
 */
function filtered(db: DB, { query, nowIso, memberId }: TaskScope, use: 'page' | 'count' | 'by reward' = 'count') {
  const inOrder =
    (use === 'page' && query.sort !== 'reward' && query.sort !== 'quota' && !query.search) || use === 'by reward';
  const byRow = (expr: Expression<unknown>) => (inOrder && !isPostgres(db) ? sql`+${expr}` : expr);
  let q = db.selectFrom('tasks');
  if (query.search) q = q.where(containsText(db, 'tasks', ['title', 'company', 'code', 'location'], query.search));
  if (query.jobType) q = q.where(byRow(sql.ref('tasks.job_type')), '=', query.jobType);
  // EXPIRED is not stored: an OPEN task whose expires_at has passed (a task without one never expires).
  if (query.status === 'open') {
    q = q.where('tasks.status', '=', 'OPEN').where(byRow(taskDeadline()), '>', nowIso);
  } else if (query.status === 'closed') {
    q = q.where((eb) => eb.or([eb('tasks.status', '=', 'CLOSED'), eb('tasks.expires_at', '<=', nowIso)]));
  }
  const promoId = query.promoId;
  if (promoId !== undefined) {
    q = q.where('tasks.id', 'in', (eb) =>
      eb.selectFrom('promo_tasks').select('promo_tasks.task_id').where('promo_tasks.promo_id', '=', promoId),
    );
  }
  if (memberId !== undefined) {
    q = q.where('tasks.id', 'in', (eb) =>
      eb
        .selectFrom('recruiter_tasks')
        .select('recruiter_tasks.task_id')
        .where('recruiter_tasks.recruiter_id', '=', memberId),
    );
  }
  return q;
}

/** One page of tasks matching the filters, in the chosen order (ties: newest id first), and the total. */
export async function findTaskPage(db: DB, scope: TaskScope) {
  const { sort, page, pageSize } = scope.query;
  let rows = filtered(db, scope, 'page').selectAll('tasks');
  if (sort === 'reward') {
    // What the recruiter earns per referral now: the reward plus the largest running promo bonus. Only
    // the tasks of a running promo have a bonus (of at least 1), so the page is among them and the
    // first page * pageSize tasks by reward alone (ties: newest id): any other task has at least that
    // many before it. So the sort reads those (an index walked in reward order: tasks_status_reward)
    // instead of computing every matching task's bonus (PostgreSQL 90 ms, SQLite 29 ms at 100,000 tasks).
    const byReward = filtered(db, scope, 'by reward')
      .select('tasks.id')
      .orderBy('tasks.reward_amount', 'desc')
      .orderBy('tasks.id', 'desc')
      .limit(page * pageSize);
    const inRunningPromo = db
      .selectFrom('promo_tasks')
      .innerJoin('promos', 'promos.id', 'promo_tasks.promo_id')
      .select('promo_tasks.task_id as id')
      .where('promos.starts_at', '<=', scope.nowIso)
      .where('promos.ends_at', '>', scope.nowIso);
    // One id list (about page * pageSize + a promo's tasks), found by primary key: as an OR of two lists
    // PostgreSQL checked each against every matching row (and JIT-compiled the query).
    rows = rows.where('tasks.id', 'in', db.selectFrom(byReward.as('top')).select('top.id').union(inRunningPromo));
    rows = rows.orderBy(
      (eb) => sql`${eb.ref('tasks.reward_amount')} + coalesce((${runningBonus(eb, scope.nowIso)}), 0)`,
      'desc',
    );
  } else if (sort === 'quota') {
    rows = rows.orderBy(
      (eb) =>
        sql`case when ${eb.ref('tasks.quota')} > (${quotaUsed(eb)}) then ${eb.ref('tasks.quota')} - (${quotaUsed(eb)}) else 0 end`,
      'desc',
    );
  } else {
    rows = rows.orderBy('tasks.created_at', 'desc');
  }
  const [items, [count]] = await Promise.all([
    selectRows(
      db,
      rows
        .orderBy('tasks.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    ),
    selectRows(
      db,
      filtered(db, scope).select((eb) => eb.fn.countAll().as('n')),
    ),
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
