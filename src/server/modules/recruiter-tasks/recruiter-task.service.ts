import type { ListPage } from '../../../shared/api-response';
import type { MyTaskCard, ReferralCounts, ReferralSummary, TaskDetail } from '../../../shared/recruiter-types';
import type { TaskListQuery } from '../../../shared/task-schemas';
import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

export type MyTaskDetail = { task: TaskDetail; counts: ReferralCounts; referrals: ReferralSummary[] };

/** Manage Task: the tasks the recruiter joined or was assigned, with counts of their own referrals. */
export async function listMyTasks(
  _deps: AppDeps,
  _recruiterId: number,
  _query: TaskListQuery,
): Promise<ListPage<MyTaskCard>> {
  return todo();
}

/** One of the recruiter's tasks and their referrals to it; 404 when they have not joined it. */
export async function getMyTask(_deps: AppDeps, _recruiterId: number, _taskId: number): Promise<MyTaskDetail> {
  return todo();
}
