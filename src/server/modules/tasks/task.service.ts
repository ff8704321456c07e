import type { AppDeps } from '#src/server/context.ts';
import type { Task } from '#src/server/db/database.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { PromoSummary, TaskCard, TaskDetail } from '#src/shared/recruiter-types.ts';
import type { TaskListQuery } from '#src/shared/task-schemas.ts';
import { taskStatus, toPromoSummary, toTaskDetail } from './task.mappers';
import { findPromoById, findRunningPromos, findTaskById, findTaskPage, insertMember } from './task.repository';
import { toTaskCards } from './task-cards';

/** The task board: tasks matching the query, with the caller's `joined` flag. */
export async function listTaskBoard(
  deps: AppDeps,
  recruiterId: number,
  query: TaskListQuery,
): Promise<ListPage<TaskCard>> {
  const nowIso = deps.now().toISOString();
  const { items, total } = await findTaskPage(deps.db, query, nowIso);
  const cards = await toTaskCards(deps.db, items, recruiterId, nowIso);
  return { items: cards, page: query.page, pageSize: query.pageSize, total };
}

/** Promos running now (startsAt <= now < endsAt), soonest ending first. */
export async function listRunningPromos(deps: AppDeps): Promise<PromoSummary[]> {
  const nowIso = deps.now().toISOString();
  const rows = await findRunningPromos(deps.db, nowIso);
  return rows.map((row) => toPromoSummary(row, nowIso));
}

/** One promo (running or not); 404 when there is none. */
export async function getPromo(deps: AppDeps, promoId: number): Promise<PromoSummary> {
  const row = await findPromoById(deps.db, promoId);
  if (!row) throw notFound('Promo');
  return toPromoSummary(row, deps.now().toISOString());
}

/** One task with its description; 404 when there is none. */
export async function getTaskDetail(deps: AppDeps, recruiterId: number, taskId: number): Promise<TaskDetail> {
  const nowIso = deps.now().toISOString();
  const task = await findTaskById(deps.db, taskId);
  if (!task) throw notFound('Task');
  return detailOf(deps, task, recruiterId, nowIso);
}

/** A task as the recruiter sees it: the card (promo, quota, joined) plus the description. */
export async function detailOf(deps: AppDeps, task: Task, recruiterId: number, nowIso: string): Promise<TaskDetail> {
  const [card] = await toTaskCards(deps.db, [task], recruiterId, nowIso);
  if (!card) throw notFound('Task'); // unreachable: one task in, one card out
  return toTaskDetail(task, card);
}

/** Joins an OPEN task (idempotent); 409 CONFLICT for a closed or expired task. */
export async function joinTask(deps: AppDeps, recruiterId: number, taskId: number): Promise<TaskDetail> {
  const nowIso = deps.now().toISOString();
  const task = await findTaskById(deps.db, taskId);
  if (!task) throw notFound('Task');
  const before = await detailOf(deps, task, recruiterId, nowIso);
  // A repeated join (a retry after a lost answer) succeeds even if the task closed in between:
  // the recruiter is already in, which is what they asked for.
  if (before.joined) return before;
  const status = taskStatus(task, nowIso);
  if (status === 'CLOSED') throw new AppError('CONFLICT', 409, 'This task is closed.');
  if (status === 'EXPIRED') throw new AppError('CONFLICT', 409, 'This task has expired.');
  await insertMember(deps.db, recruiterId, taskId, nowIso);
  return { ...before, joined: true };
}
