import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminTaskInput } from '#src/shared/admin-task-schemas.ts';
import type { AdminTaskDetail } from '#src/shared/admin-task-types.ts';
import type { AdminTaskFilters } from './search';

// Admin › Tasks (`/api/admin/tasks`). Keys start with 'admin-tasks': the list, then one task. A save,
// close or reopen puts the answer in the task's cache and refetches the list; nothing else.

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  currency_invalid: m.error_field_currency_invalid,
  salary_invalid: m.error_field_salary_invalid,
  skills_invalid: m.error_field_skills_invalid,
  task_skills_too_many: m.admin_tasks_skills_too_many,
  languages_required: m.error_field_languages_required,
  job_type_required: m.admin_tasks_job_type_required,
  reward_invalid: m.admin_tasks_reward_invalid,
  quota_invalid: m.admin_tasks_quota_invalid,
  salary_range_invalid: m.admin_tasks_salary_range_invalid,
  expires_at_invalid: m.admin_tasks_expires_at_invalid,
  expires_at_past: m.admin_tasks_expires_at_past,
});

export const adminTaskKeys = {
  all: ['admin-tasks'] as const,
  list: ['admin-tasks', 'list'] as const,
  detail: (id: number) => ['admin-tasks', 'detail', id] as const,
};

/** One page of tasks with the filters of the URL. */
export const adminTasksQueryOptions = (filters: AdminTaskFilters) =>
  queryOptions({
    queryKey: [...adminTaskKeys.list, filters],
    queryFn: () =>
      unwrap(
        api.api.admin.tasks.$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.jobType ? { jobType: filters.jobType } : {}),
            sort: filters.sort,
            status: filters.status,
            page: String(filters.page),
            pageSize: String(filters.pageSize),
          },
        }),
      ),
  });

/** One task with every field of the edit form. */
export const adminTaskQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminTaskKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.tasks[':id'].$get({ param: { id: String(id) } })),
  });

function useTaskAnswer() {
  const queryClient = useQueryClient();
  return async (task: AdminTaskDetail) => {
    queryClient.setQueryData(adminTaskKeys.detail(task.id), task);
    await queryClient.invalidateQueries({ queryKey: adminTaskKeys.list });
  };
}

/** Creates a task (no id) or rewrites one. */
export function useSaveTaskMutation() {
  const onSuccess = useTaskAnswer();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminTaskInput }) =>
      id === null
        ? unwrap(api.api.admin.tasks.$post({ json: input }))
        : unwrap(api.api.admin.tasks[':id'].$put({ param: { id: String(id) }, json: input })),
    onSuccess,
  });
}

/** Closes or reopens a task. */
export function useTaskStatusMutation() {
  const onSuccess = useTaskAnswer();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'close' | 'reopen' }) => {
      const param = { param: { id: String(id) } };
      return unwrap(
        action === 'close'
          ? api.api.admin.tasks[':id'].close.$post(param)
          : api.api.admin.tasks[':id'].reopen.$post(param),
      );
    },
    onSuccess,
  });
}
