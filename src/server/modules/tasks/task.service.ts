import type { ListPage } from '../../../shared/api-response';
import type { PromoSummary, TaskCard, TaskDetail } from '../../../shared/recruiter-types';
import type { TaskListQuery } from '../../../shared/task-schemas';
import type { AppDeps } from '../../context';

const todo = (): never => {
  throw new Error('not implemented');
};

/** The task board: tasks matching the query, with the caller's `joined` flag. */
export async function listTaskBoard(
  _deps: AppDeps,
  _recruiterId: number,
  _query: TaskListQuery,
): Promise<ListPage<TaskCard>> {
  return todo();
}

/** Promos running now (startsAt <= now < endsAt), soonest ending first. */
export async function listRunningPromos(_deps: AppDeps): Promise<PromoSummary[]> {
  return todo();
}

/** One promo (running or not); 404 when there is none. */
export async function getPromo(_deps: AppDeps, _promoId: number): Promise<PromoSummary> {
  return todo();
}

/** One task with its description; 404 when there is none. */
export async function getTaskDetail(_deps: AppDeps, _recruiterId: number, _taskId: number): Promise<TaskDetail> {
  return todo();
}

/** Joins an OPEN task (idempotent); 409 CONFLICT for a closed or expired task. */
export async function joinTask(_deps: AppDeps, _recruiterId: number, _taskId: number): Promise<TaskDetail> {
  return todo();
}
