import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, unwrap } from '#src/lib/api-client.ts';
import { toAppError } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import type { ReferralListFilters } from '#src/lib/referral-list-search.ts';
import { m } from '#src/paraglide/messages.js';
import type { AddRecruiterFields } from '#src/shared/admin-recruiter-schemas.ts';
import type { UserStatus } from '#src/shared/enums.ts';
import type { RecruiterListFilters, RecruiterTaskFilters } from './search';

// Admin › Recruiters (`/api/admin/recruiters`). Every key starts with 'admin-recruiters', then the
// part of it: the list, one recruiter, their tasks, one task's referrals, their referrals, the tasks
// that can be assigned to them. Mutations invalidate only the parts they change.

registerFieldMessages({
  name_invalid: m.error_field_name_invalid,
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  phone_invalid: m.error_field_phone_invalid,
  email_taken: m.admin_recruiters_email_taken,
});

export const recruiterKeys = {
  all: ['admin-recruiters'] as const,
  list: ['admin-recruiters', 'list'] as const,
  detail: (id: number) => ['admin-recruiters', 'detail', id] as const,
  tasks: (id: number) => ['admin-recruiters', 'tasks', id] as const,
  task: (id: number, taskId: number) => ['admin-recruiters', 'task', id, taskId] as const,
  referrals: (id: number) => ['admin-recruiters', 'referrals', id] as const,
  assignable: (id: number) => ['admin-recruiters', 'assignable', id] as const,
  scorecard: (id: number) => ['admin-recruiters', 'scorecard', id] as const,
  payee: (id: number) => ['admin-recruiters', 'payee', id] as const,
  statement: (id: number, year: number) => ['admin-recruiters', 'statement', id, year] as const,
};

const pageQuery = (filters: { page: number; pageSize: number }) => ({
  page: String(filters.page),
  pageSize: String(filters.pageSize),
});

/** The recruiters, with their counts and earnings. */
export const recruitersQueryOptions = (filters: RecruiterListFilters) =>
  queryOptions({
    queryKey: [...recruiterKeys.list, filters],
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters.$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            sort: filters.sort,
            status: filters.status,
            ...pageQuery(filters),
          },
        }),
      ),
  });

/** One recruiter with counts, earnings and what was paid (404 when the id is not a recruiter). */
export const recruiterQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recruiterKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.recruiters[':id'].$get({ param: { id: String(id) } })),
  });

/** The recruiter's scorecard (issue 27): score, parts and what would raise it (404 for a non-recruiter). */
export const recruiterScorecardQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recruiterKeys.scorecard(id),
    queryFn: () => unwrap(api.api.admin.recruiters[':id'].scorecard.$get({ param: { id: String(id) } })),
  });

/** The tasks the recruiter joined or was assigned, with their referrals counted. */
export const recruiterTasksQueryOptions = (id: number, filters: RecruiterTaskFilters) =>
  queryOptions({
    queryKey: [...recruiterKeys.tasks(id), filters],
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters[':id'].tasks.$get({
          param: { id: String(id) },
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            status: filters.status,
            sort: 'date',
            ...pageQuery(filters),
          },
        }),
      ),
  });

/** Manage Task Detail: one of the recruiter's tasks and their referrals to it. */
export const recruiterTaskQueryOptions = (id: number, taskId: number) =>
  queryOptions({
    queryKey: recruiterKeys.task(id, taskId),
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters[':id'].tasks[':taskId'].$get({
          param: { id: String(id), taskId: String(taskId) },
        }),
      ),
  });

/** The talent view: the recruiter's referrals across tasks. */
export const recruiterReferralsQueryOptions = (id: number, filters: ReferralListFilters) =>
  queryOptions({
    queryKey: [...recruiterKeys.referrals(id), filters],
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters[':id'].talents.$get({
          param: { id: String(id) },
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.consent ? { consent: filters.consent } : {}),
            ...(filters.hiring ? { hiring: filters.hiring } : {}),
            ...(filters.reward ? { reward: filters.reward } : {}),
            ...pageQuery(filters),
          },
        }),
      ),
  });

/** Open tasks the recruiter is not in, matching `search`: the choices of "Assign a task". */
export const assignableTasksQueryOptions = (id: number, search: string) =>
  queryOptions({
    queryKey: [...recruiterKeys.assignable(id), search],
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters[':id']['assignable-tasks'].$get({
          param: { id: String(id) },
          query: { ...(search ? { search } : {}), page: '1', pageSize: '10' },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/** "Add New Recruiter": the account and its invitation e-mail. */
export function useAddRecruiterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AddRecruiterFields) => unwrap(api.api.admin.recruiters.$post({ json: fields })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recruiterKeys.list }),
  });
}

/** Activates or deactivates a recruiter (deactivation ends their sessions on the server). */
export function useRecruiterStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: UserStatus }) =>
      unwrap(api.api.admin.recruiters[':id'].status.$patch({ param: { id: String(id) }, json: { status } })),
    onSuccess: (row) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recruiterKeys.list }),
        queryClient.invalidateQueries({ queryKey: recruiterKeys.detail(row.id) }),
      ]),
  });
}

/** Assigns a task to the recruiter: their tasks, counts and the assignable choices change. */
/** A new temporary password by e-mail for a recruiter who has not set their own yet (issue 22). */
export function useResendInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.api.admin.recruiters[':id'].invitation.$post({ param: { id: String(id) } })),
    onSuccess: (row) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recruiterKeys.list }),
        queryClient.invalidateQueries({ queryKey: recruiterKeys.detail(row.id) }),
      ]),
  });
}

export function useAssignTaskMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) =>
      unwrap(api.api.admin.recruiters[':id'].tasks.$post({ param: { id: String(id) }, json: { taskId } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recruiterKeys.tasks(id) }),
        queryClient.invalidateQueries({ queryKey: recruiterKeys.assignable(id) }),
        queryClient.invalidateQueries({ queryKey: recruiterKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: recruiterKeys.list }),
      ]),
  });
}

/** "End sessions": signs the recruiter out on every device; the account stays active. */
export function useEndRecruiterSessionsMutation() {
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.api.admin.recruiters[':id'].sessions.end.$post({ param: { id: String(id) } })),
  });
}

/**
 * The recruiter's details for Form CP58 (issue 46). Every read is a line of the access record, so it is
 * fetched only when the admin asks to see them, and never saved to the device.
 */
export const recruiterPayeeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: recruiterKeys.payee(id),
    queryFn: () => unwrap(api.api.admin.recruiters[':id'].payee.$get({ param: { id: String(id) } })),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { persist: false },
  });

/** The recruiter's yearly statement, as they read it (a calendar year in Malaysia time). */
export const recruiterStatementQueryOptions = (id: number, year: number) =>
  queryOptions({
    queryKey: recruiterKeys.statement(id, year),
    queryFn: () =>
      unwrap(
        api.api.admin.recruiters[':id'].statement.$get({ param: { id: String(id) }, query: { year: String(year) } }),
      ),
  });

/** The recruiter's statement as a PDF, in the recruiter's own language (the one they read it in). */
export async function downloadRecruiterStatementPdf(id: number, year: number) {
  const response = await apiFetch(`/api/admin/recruiters/${id}/statement.pdf?year=${year}`);
  if (!response.ok) throw await toAppError(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), name: name ?? `statement-${year}-${id}.pdf` };
}
