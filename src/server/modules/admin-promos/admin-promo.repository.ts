import type { ExpressionBuilder, Insertable, Updateable } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database, PromosTable } from '#src/server/db/database.ts';
import { containsText } from '#src/server/db/text-search.ts';
import { findAdminTaskPage } from '#src/server/modules/admin-tasks/admin-task.repository.ts';
import type { AdminPromoListQuery, CandidateTaskQuery } from '#src/shared/admin-promo-schemas.ts';

// Promos and the tasks they list. A promo runs while starts_at <= now < ends_at (times are ISO text,
// so text order is time order), as the recruiter board reads it (tasks/task.repository.ts).

type PromoEb = ExpressionBuilder<Database, 'promos'>;

const taskCount = (eb: PromoEb) =>
  eb
    .selectFrom('promo_tasks')
    .select((e) => e.fn.countAll().as('n'))
    .whereRef('promo_tasks.promo_id', '=', 'promos.id')
    .as('task_count');

const referralCount = (eb: PromoEb) =>
  eb
    .selectFrom('referrals')
    .select((e) => e.fn.countAll().as('n'))
    .whereRef('referrals.promo_id', '=', 'promos.id')
    .as('referral_count');

function filtered(db: DB, query: AdminPromoListQuery, nowIso: string) {
  let q = db.selectFrom('promos');
  if (query.search) q = q.where(containsText(db, 'promos', ['title', 'description'], query.search));
  if (query.period === 'UPCOMING') q = q.where('promos.starts_at', '>', nowIso);
  else if (query.period === 'RUNNING')
    q = q.where('promos.starts_at', '<=', nowIso).where('promos.ends_at', '>', nowIso);
  else if (query.period === 'ENDED') q = q.where('promos.ends_at', '<=', nowIso);
  return q;
}

/** One page of promos, the latest starting first, with their task and referral counts. */
export async function findPromoPage(db: DB, query: AdminPromoListQuery, nowIso: string) {
  const [items, count] = await Promise.all([
    filtered(db, query, nowIso)
      .selectAll('promos')
      .select((eb) => [taskCount(eb), referralCount(eb)])
      .orderBy('promos.starts_at', 'desc')
      .orderBy('promos.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    filtered(db, query, nowIso)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export const findPromo = (db: DB, id: number) =>
  db
    .selectFrom('promos')
    .selectAll('promos')
    .select((eb) => [taskCount(eb), referralCount(eb)])
    .where('promos.id', '=', id)
    .executeTakeFirst();

export type PromoRow = NonNullable<Awaited<ReturnType<typeof findPromo>>>;

const taskColumns = [
  'tasks.id',
  'tasks.code',
  'tasks.title',
  'tasks.company',
  'tasks.job_type',
  'tasks.location',
  'tasks.reward_amount',
  'tasks.reward_currency',
  'tasks.status',
  'tasks.expires_at',
] as const;

/** The promo's tasks, the last added first. */
export const findPromoTasks = (db: DB, promoId: number) =>
  db
    .selectFrom('promo_tasks')
    .innerJoin('tasks', 'tasks.id', 'promo_tasks.task_id')
    .select([...taskColumns, 'promo_tasks.created_at as added_at'])
    .where('promo_tasks.promo_id', '=', promoId)
    .orderBy('promo_tasks.created_at', 'desc')
    .orderBy('tasks.id', 'desc')
    .execute();

export const insertPromo = (db: DB, values: Insertable<PromosTable>) =>
  db.insertInto('promos').values(values).returning('id').executeTakeFirstOrThrow();

export const updatePromo = (db: DB, id: number, values: Updateable<PromosTable>) =>
  db.updateTable('promos').set(values).where('id', '=', id).executeTakeFirst();

/** Deletes the promo unless a referral carries it, in one statement so a referral made meanwhile wins. */
export async function deletePromoIfUnused(db: DB, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('promos')
    .where('promos.id', '=', id)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('referrals').select('referrals.id').where('referrals.promo_id', '=', id))),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const findExistingTaskIds = async (db: DB, taskIds: number[]) =>
  (await db.selectFrom('tasks').select('id').where('id', 'in', taskIds).execute()).map((row) => row.id);

/** Lists the tasks in the promo; tasks already in it stay as they were (promo_tasks_pk). */
export async function insertPromoTasks(db: DB, promoId: number, taskIds: number[], nowIso: string): Promise<number> {
  const rows = await db
    .insertInto('promo_tasks')
    .values(taskIds.map((taskId) => ({ promo_id: promoId, task_id: taskId, created_at: nowIso })))
    .onConflict((oc) => oc.columns(['promo_id', 'task_id']).doNothing())
    .returning('task_id')
    .execute();
  return rows.length;
}

export async function deletePromoTask(db: DB, promoId: number, taskId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('promo_tasks')
    .where('promo_id', '=', promoId)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const countPromoTasks = async (db: DB, promoId: number) =>
  Number(
    (
      await db
        .selectFrom('promo_tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('promo_id', '=', promoId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/**
 * Open tasks (not closed, deadline not passed) that the promo does not list yet, newest first: the
 * admin's task list with status "open", narrowed to the tasks outside the promo.
 */
export const findCandidateTaskPage = (db: DB, promoId: number, query: CandidateTaskQuery, nowIso: string) =>
  findAdminTaskPage(db, { ...query, jobType: '', sort: 'latest', status: 'open' }, nowIso, (q) =>
    q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('promo_tasks')
            .select('promo_tasks.task_id')
            .where('promo_tasks.promo_id', '=', promoId)
            .whereRef('promo_tasks.task_id', '=', 'tasks.id'),
        ),
      ),
    ),
  );
