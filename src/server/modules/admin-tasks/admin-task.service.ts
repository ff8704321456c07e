import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import type { Task } from '#src/server/db/database.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { linkTaskCompany } from '#src/server/modules/companies/company.service.ts';
import { taskStatus, toTaskBasics } from '#src/server/modules/tasks/task.mappers.ts';
import { countQuotaUsed, findTaskById } from '#src/server/modules/tasks/task.repository.ts';
import { announceTaskIfOpened } from '#src/server/notifications/announce.ts';
import type { AdminTaskFields, AdminTaskListQuery } from '#src/shared/admin-task-schemas.ts';
import type { AdminTaskDetail, AdminTaskSummary } from '#src/shared/admin-task-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import {
  countReferrals,
  findAdminTaskPage,
  findPromosOfTask,
  insertTask,
  setTaskStatus,
  type TaskValues,
  updateTask,
} from './admin-task.repository';

/** Tasks as list rows: the quota used and the referral count come from two batched queries over the page. */
async function toSummaries(db: DB, tasks: Task[], nowIso: string): Promise<AdminTaskSummary[]> {
  if (tasks.length === 0) return [];
  const ids = tasks.map((task) => task.id);
  const [usedRows, referralRows] = await Promise.all([countQuotaUsed(db, ids), countReferrals(db, ids)]);
  const used = new Map(usedRows.map((row) => [row.task_id, Number(row.used)]));
  const referrals = new Map(referralRows.map((row) => [row.task_id, Number(row.n)]));
  return tasks.map((task) => ({
    ...toTaskBasics(task),
    rewardAmount: Number(task.reward_amount),
    rewardCurrency: task.reward_currency,
    quota: task.quota,
    quotaUsed: used.get(task.id) ?? 0,
    referralCount: referrals.get(task.id) ?? 0,
    status: taskStatus(task, nowIso),
    expiresAt: task.expires_at,
    createdAt: task.created_at,
    updatedAt: task.updated_at,
  }));
}

export async function listAdminTasks(deps: AppDeps, query: AdminTaskListQuery): Promise<ListPage<AdminTaskSummary>> {
  const nowIso = deps.now().toISOString();
  const { items, total } = await findAdminTaskPage(deps.db, query, nowIso);
  return { items: await toSummaries(deps.db, items, nowIso), page: query.page, pageSize: query.pageSize, total };
}

async function toDetail(db: DB, task: Task, nowIso: string): Promise<AdminTaskDetail> {
  const [[summary], promos] = await Promise.all([toSummaries(db, [task], nowIso), findPromosOfTask(db, task.id)]);
  if (!summary) throw notFound('Task'); // unreachable: one task in, one row out
  return {
    ...summary,
    description: task.description,
    salaryMin: task.salary_min === null ? null : Number(task.salary_min),
    salaryMax: task.salary_max === null ? null : Number(task.salary_max),
    salaryCurrency: task.salary_currency,
    requiredSkills: jsonList(task.required_skills),
    requiredLanguages: jsonList(task.required_languages),
    promos: promos.map((promo) => ({
      id: promo.id,
      title: promo.title,
      startsAt: promo.starts_at,
      endsAt: promo.ends_at,
      running: promo.starts_at <= nowIso && nowIso < promo.ends_at,
    })),
  };
}

export async function getAdminTask(deps: AppDeps, id: number): Promise<AdminTaskDetail> {
  const task = await findTaskById(deps.db, id);
  if (!task) throw notFound('Task');
  return toDetail(deps.db, task, deps.now().toISOString());
}

const toValues = (fields: AdminTaskFields): TaskValues => ({
  title: fields.title,
  company: fields.company,
  description: fields.description,
  job_type: fields.jobType,
  is_critical: fields.isCritical ? 1 : 0,
  location: fields.location,
  country: fields.country,
  salary_min: fields.salaryMin,
  salary_max: fields.salaryMax,
  salary_currency: fields.salaryCurrency,
  reward_amount: fields.rewardAmount,
  reward_currency: fields.rewardCurrency,
  quota: fields.quota,
  expires_at: fields.expiresAt,
  required_skills: JSON.stringify(fields.requiredSkills),
  required_languages: JSON.stringify(fields.requiredLanguages),
});

// A deadline already past would publish a task nobody can join; an unchanged one is left as it is.
function checkDeadline(expiresAt: string | null, nowIso: string, before?: string | null) {
  if (expiresAt !== null && expiresAt !== before && expiresAt <= nowIso) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { expiresAt: 'expires_at_past' });
  }
}

export async function createAdminTask(deps: AppDeps, adminId: number, fields: AdminTaskFields) {
  const nowIso = deps.now().toISOString();
  checkDeadline(fields.expiresAt, nowIso);
  const task = await insertTask(deps.db, toValues(fields), adminId, nowIso, async (trx, created) => {
    await linkTaskCompany(trx, created.id, nowIso);
    await announceTaskIfOpened(trx, deps.now(), created);
  });
  return toDetail(deps.db, task, nowIso);
}

/**
 * Edits every field. A new reward or quota applies to decisions still to come: referrals already
 * decided keep the amount fixed at approval, and a quota below the approved count only stops new approvals.
 */
export async function editAdminTask(deps: AppDeps, id: number, fields: AdminTaskFields) {
  const nowIso = deps.now().toISOString();
  const before = await findTaskById(deps.db, id);
  if (!before) throw notFound('Task');
  checkDeadline(fields.expiresAt, nowIso, before.expires_at);
  const task = await deps.db.transaction().execute(async (trx) => {
    const changed = await updateTask(trx, id, toValues(fields), nowIso);
    // Its company record follows the company it names (issue 45).
    if (changed) await linkTaskCompany(trx, id, nowIso);
    if (changed) await announceTaskIfOpened(trx, deps.now(), changed, before);
    return changed;
  });
  if (!task) throw notFound('Task');
  return toDetail(deps.db, task, nowIso);
}

/** Closes a task (a closed task stays closed: the call is idempotent). */
export async function closeAdminTask(deps: AppDeps, id: number) {
  const nowIso = deps.now().toISOString();
  const task = await setTaskStatus(deps.db, id, 'CLOSED', nowIso);
  if (!task) throw notFound('Task');
  return toDetail(deps.db, task, nowIso);
}

/** Reopens a task; one whose deadline has passed would only be EXPIRED, so a later deadline comes first. */
export async function reopenAdminTask(deps: AppDeps, id: number) {
  const nowIso = deps.now().toISOString();
  const before = await findTaskById(deps.db, id);
  if (!before) throw notFound('Task');
  if (before.expires_at !== null && before.expires_at <= nowIso) {
    throw new AppError('CONFLICT', 409, 'The deadline of this task has passed: set a later deadline first.', {
      expiresAt: 'expires_at_past',
    });
  }
  const task = await deps.db.transaction().execute(async (trx) => {
    const reopened = await setTaskStatus(trx, id, 'OPEN', nowIso);
    if (reopened) await announceTaskIfOpened(trx, deps.now(), reopened, before);
    return reopened;
  });
  if (!task) throw notFound('Task');
  return toDetail(deps.db, task, nowIso);
}
