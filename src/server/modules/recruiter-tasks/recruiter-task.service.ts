import type { AppDeps } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { listReferralSummaries } from '#src/server/modules/referrals/referral-summaries.ts';
import { findTaskById, findTaskPage } from '#src/server/modules/tasks/task.repository.ts';
import { detailOf } from '#src/server/modules/tasks/task.service.ts';
import { toTaskCards } from '#src/server/modules/tasks/task-cards.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { MyTaskCard, ReferralCounts, ReferralSummary, TaskDetail } from '#src/shared/recruiter-types.ts';
import type { TaskListQuery } from '#src/shared/task-schemas.ts';
import { countMyReferrals, NO_REFERRALS } from './recruiter-task.repository';

export type MyTaskDetail = { task: TaskDetail; counts: ReferralCounts; referrals: ReferralSummary[] };

/** Manage Task: the tasks the recruiter joined or was assigned, with counts of their own referrals. */
export async function listMyTasks(
  deps: AppDeps,
  recruiterId: number,
  query: TaskListQuery,
): Promise<ListPage<MyTaskCard>> {
  const nowIso = deps.now().toISOString();
  const { items, total } = await findTaskPage(deps.db, query, nowIso, recruiterId);
  const ids = items.map((task) => task.id);
  const [cards, counts] = await Promise.all([
    toTaskCards(deps.db, items, recruiterId, nowIso),
    countMyReferrals(deps.db, recruiterId, ids),
  ]);
  return {
    items: cards.map((card) => ({ ...card, counts: counts.get(card.id) ?? NO_REFERRALS })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** One of the recruiter's tasks and their referrals to it; 404 when they have not joined it. */
export async function getMyTask(deps: AppDeps, recruiterId: number, taskId: number): Promise<MyTaskDetail> {
  const nowIso = deps.now().toISOString();
  const task = await findTaskById(deps.db, taskId);
  if (!task) throw notFound('Task');
  const [detail, counts] = await Promise.all([
    detailOf(deps, task, recruiterId, nowIso),
    countMyReferrals(deps.db, recruiterId, [taskId]),
  ]);
  const mine = counts.get(taskId) ?? NO_REFERRALS;
  // Referrals keep a task "mine" even if the membership row is gone (e.g. an admin unassigned it).
  if (!detail.joined && mine.total === 0) throw notFound('Task');
  const { items } = await listReferralSummaries(deps.db, { recruiterId, taskId });
  return { task: detail, counts: mine, referrals: items };
}
