import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import type { ReferralListFilters } from '#src/lib/referral-list-search.ts';
import type { TaskListFilters } from './search';

// Task board, Manage Task and the referral list (issue 3). Keys start with the resource name
// (ARCHITECTURE.md convention 1): 'tasks' for the board, 'recruiter-tasks' for the recruiter's own
// tasks, 'referrals' for referrals (talent-task), 'talents' for the talents folder: the same names as
// the talents feature, so one invalidation refreshes every screen showing that resource.

/** Query text of a list: empty filters are left out, numbers travel as text. */
function listQuery(filters: TaskListFilters, promoId?: number) {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.jobType ? { jobType: filters.jobType } : {}),
    sort: filters.sort,
    status: filters.status,
    ...(promoId !== undefined ? { promoId: String(promoId) } : {}),
    page: String(filters.page),
    pageSize: String(filters.pageSize),
  };
}

export const taskKeys = {
  board: ['tasks', 'board'] as const,
  detail: (id: number) => ['tasks', 'detail', id] as const,
  myList: ['recruiter-tasks', 'list'] as const,
  myDetail: (id: number) => ['recruiter-tasks', 'detail', id] as const,
};

/** The task board: `GET /api/recruiter/task`, a promo's tasks when `promoId` is given. */
export const taskBoardQueryOptions = (filters: TaskListFilters, promoId?: number) =>
  queryOptions({
    queryKey: [...taskKeys.board, { ...filters, promoId }],
    queryFn: () => unwrap(api.api.recruiter.task.$get({ query: listQuery(filters, promoId) })),
  });

/** Promos running now, for the top of the board. */
export const runningPromosQueryOptions = () =>
  queryOptions({
    queryKey: ['tasks', 'promos'],
    queryFn: () => unwrap(api.api.recruiter.task.promos.$get()),
  });

export const promoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['tasks', 'promo', id],
    queryFn: () => unwrap(api.api.recruiter.task.promo[':id'].$get({ param: { id: String(id) } })),
  });

/** One task with its description and the caller's `joined` flag. */
export const taskDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: taskKeys.detail(id),
    queryFn: () => unwrap(api.api.recruiter.task[':id'].$get({ param: { id: String(id) } })),
  });

/** Manage Task: the tasks the recruiter joined, with counts of their referrals. */
export const myTasksQueryOptions = (filters: TaskListFilters) =>
  queryOptions({
    queryKey: [...taskKeys.myList, filters],
    queryFn: () => unwrap(api.api.recruiter.recruiter.task.$get({ query: listQuery(filters) })),
  });

/** One of the recruiter's tasks with their referrals to it (404 when not theirs). */
export const myTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: taskKeys.myDetail(id),
    queryFn: () => unwrap(api.api.recruiter.recruiter.task[':id'].$get({ param: { id: String(id) } })),
  });

/** The recruiter's referrals across tasks (Manage Task's talent view). */
export const myReferralsQueryOptions = (filters: ReferralListFilters) =>
  queryOptions({
    queryKey: ['referrals', 'list', filters],
    queryFn: () =>
      unwrap(
        api.api.recruiter['talent-task'].$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.consent ? { consent: filters.consent } : {}),
            ...(filters.hiring ? { hiring: filters.hiring } : {}),
            ...(filters.reward ? { reward: filters.reward } : {}),
            page: String(filters.page),
            pageSize: String(filters.pageSize),
          },
        }),
      ),
  });

/** Talents of the recruiter's folder matching `search`, to pick one for a task. */
export const pickTalentsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['talents', 'pick', search],
    queryFn: () =>
      unwrap(api.api.recruiter.talent.$get({ query: { ...(search ? { search } : {}), page: '1', pageSize: '10' } })),
    placeholderData: keepPreviousData,
  });

/**
 * Joins a task. The answer is the task as the recruiter now sees it: it replaces the cached detail,
 * and the board (its `joined` marks) and the recruiter's task list are refetched; nothing else.
 */
export function useJoinTaskMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.api.recruiter.task[':id'].join.$post({ param: { id: String(id) } })),
    onSuccess: async (task) => {
      queryClient.setQueryData(taskKeys.detail(task.id), task);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskKeys.board }),
        queryClient.invalidateQueries({ queryKey: taskKeys.myList }),
      ]);
    },
    onError: (_error, id) => {
      // Refused (the task closed or expired meanwhile): show the task as it is now.
      void queryClient.invalidateQueries({ queryKey: taskKeys.detail(id) });
    },
  });
}
