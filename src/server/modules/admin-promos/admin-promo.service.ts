import type { AppDeps } from '#src/server/context.ts';
import type { Task } from '#src/server/db/database.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { taskStatus, toPromoBasics } from '#src/server/modules/tasks/task.mappers.ts';
import { announceStartedPromos } from '#src/server/notifications/announce.ts';
import type { AdminPromoFields, AdminPromoListQuery, CandidateTaskQuery } from '#src/shared/admin-promo-schemas.ts';
import type {
  AdminPromoDetail,
  AdminPromoSummary,
  PromoTaskItem,
  PromoTasksAdded,
} from '#src/shared/admin-promo-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { JobType, PromoPeriod } from '#src/shared/enums.ts';
import {
  countPromoTasks,
  deletePromoIfUnused,
  deletePromoTask,
  findCandidateTaskPage,
  findExistingTaskIds,
  findPromo,
  findPromoPage,
  findPromoTasks,
  insertPromo,
  insertPromoTasks,
  type PromoRow,
  updatePromo,
} from './admin-promo.repository';

const periodOf = (promo: { starts_at: string; ends_at: string }, nowIso: string): PromoPeriod =>
  nowIso < promo.starts_at ? 'UPCOMING' : nowIso < promo.ends_at ? 'RUNNING' : 'ENDED';

const toSummary = (row: PromoRow, nowIso: string): AdminPromoSummary => ({
  ...toPromoBasics(row),
  period: periodOf(row, nowIso),
  taskCount: Number(row.task_count),
  referralCount: Number(row.referral_count),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

type TaskColumns = Pick<
  Task,
  | 'id'
  | 'code'
  | 'title'
  | 'company'
  | 'job_type'
  | 'location'
  | 'reward_amount'
  | 'reward_currency'
  | 'status'
  | 'expires_at'
>;

const toTaskItem = (task: TaskColumns, nowIso: string): PromoTaskItem => ({
  id: task.id,
  code: task.code,
  title: task.title,
  company: task.company,
  jobType: task.job_type as JobType,
  location: task.location,
  rewardAmount: Number(task.reward_amount),
  rewardCurrency: task.reward_currency,
  status: taskStatus(task, nowIso),
  expiresAt: task.expires_at,
});

export async function listAdminPromos(deps: AppDeps, query: AdminPromoListQuery): Promise<ListPage<AdminPromoSummary>> {
  const nowIso = deps.now().toISOString();
  const { items, total } = await findPromoPage(deps.db, query, nowIso);
  return { items: items.map((row) => toSummary(row, nowIso)), page: query.page, pageSize: query.pageSize, total };
}

export async function getAdminPromo(deps: AppDeps, id: number): Promise<AdminPromoDetail> {
  const nowIso = deps.now().toISOString();
  const [row, tasks] = await Promise.all([findPromo(deps.db, id), findPromoTasks(deps.db, id)]);
  if (!row) throw notFound('Promo');
  return {
    ...toSummary(row, nowIso),
    tasks: tasks.map((task) => ({ ...toTaskItem(task, nowIso), addedAt: task.added_at })),
  };
}

const toValues = (fields: AdminPromoFields) => ({
  title: fields.title,
  description: fields.description,
  starts_at: fields.startsAt,
  ends_at: fields.endsAt,
  bonus_amount: fields.bonusAmount,
  bonus_currency: fields.bonusCurrency,
});

export async function createAdminPromo(deps: AppDeps, adminId: number, fields: AdminPromoFields) {
  const nowIso = deps.now().toISOString();
  const { id } = await insertPromo(deps.db, {
    ...toValues(fields),
    created_by: adminId,
    created_at: nowIso,
    updated_at: nowIso,
  });
  // A promo that starts now is announced at once; one that starts later, by maintenance when it does.
  await announceStartedPromos(deps);
  return getAdminPromo(deps, id);
}

/**
 * Edits the promo. Referrals already made keep it (their promo_id), and a bonus already decided keeps
 * its amount, fixed on the referral at approval.
 */
export async function editAdminPromo(deps: AppDeps, id: number, fields: AdminPromoFields) {
  const result = await updatePromo(deps.db, id, { ...toValues(fields), updated_at: deps.now().toISOString() });
  if (Number(result.numUpdatedRows) === 0) throw notFound('Promo');
  await announceStartedPromos(deps);
  return getAdminPromo(deps, id);
}

/** Deletes a promo no referral carries; one that referrals were made under is history: 409. */
export async function deleteAdminPromo(deps: AppDeps, id: number): Promise<{ deleted: true }> {
  if (await deletePromoIfUnused(deps.db, id)) return { deleted: true };
  if (!(await findPromo(deps.db, id))) throw notFound('Promo');
  throw new AppError('CONFLICT', 409, 'Referrals were made under this promo: it cannot be deleted.');
}

async function requirePromo(deps: AppDeps, id: number) {
  const row = await findPromo(deps.db, id);
  if (!row) throw notFound('Promo');
  return row;
}

/** Adds tasks to the promo; all of them exist or none is added. Tasks already in it are not counted. */
export async function addPromoTasks(deps: AppDeps, promoId: number, taskIds: number[]): Promise<PromoTasksAdded> {
  await requirePromo(deps, promoId);
  const existing = new Set(await findExistingTaskIds(deps.db, taskIds));
  if (taskIds.some((id) => !existing.has(id))) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some tasks do not exist.', { taskIds: 'task_not_found' });
  }
  const added = await insertPromoTasks(deps.db, promoId, taskIds, deps.now().toISOString());
  return { added, taskCount: await countPromoTasks(deps.db, promoId) };
}

export async function removePromoTask(deps: AppDeps, promoId: number, taskId: number) {
  await requirePromo(deps, promoId);
  if (!(await deletePromoTask(deps.db, promoId, taskId))) throw notFound('Task in this promo');
  return { removed: true as const, taskCount: await countPromoTasks(deps.db, promoId) };
}

/** Open tasks the promo does not list yet, for the "Add Tasks To Promo" picker. */
export async function listCandidateTasks(
  deps: AppDeps,
  promoId: number,
  query: CandidateTaskQuery,
): Promise<ListPage<PromoTaskItem>> {
  await requirePromo(deps, promoId);
  const nowIso = deps.now().toISOString();
  const { items, total } = await findCandidateTaskPage(deps.db, promoId, query, nowIso);
  return { items: items.map((task) => toTaskItem(task, nowIso)), page: query.page, pageSize: query.pageSize, total };
}
