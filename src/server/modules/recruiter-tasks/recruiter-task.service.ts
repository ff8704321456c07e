import type { ListPage } from '../../../shared/api-response';
import type { MyTaskCard, ReferralCounts, ReferralSummary, TaskDetail } from '../../../shared/recruiter-types';
import type { TaskListQuery } from '../../../shared/task-schemas';
import type { AppDeps } from '../../context';
import { notFound } from '../../errors';
import { listReferralSummaries } from '../referrals/referral-summaries';
import { findTaskById, findTaskPage } from '../tasks/task.repository';
import { detailOf } from '../tasks/task.service';
import { toTaskCards } from '../tasks/task-cards';
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
