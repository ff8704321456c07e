import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';

// Admin › a task's review links for its hiring company (`/api/admin/companies`, issue 45). Keys start with
// 'admin-companies': a task's links, company and contacts. The task's referrals to pick from are the
// Hiring status list's (key 'admin-referrals', so a decision on a referral refreshes them too).

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  contact_exists: m.admin_share_contact_exists,
  referral_not_in_task: m.admin_share_refused_not_in_task,
  consent_not_confirmed: m.admin_share_refused_consent,
  talent_erased: m.admin_share_refused_erased,
  referral_closed: m.admin_share_refused_closed,
  contact_not_of_company: m.admin_share_refused_contact,
});

export const taskSharesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: ['admin-companies', 'task-shares', taskId],
    queryFn: () => unwrap(api.api.admin.companies.tasks[':taskId'].shares.$get({ param: { taskId: String(taskId) } })),
  });

/** The task's referrals (the first 50, newest first), each with its consent and hiring state. */
export const taskReferralsQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: ['admin-referrals', 'list', { taskId, page: 1, pageSize: 50, for: 'share' }],
    queryFn: () =>
      unwrap(api.api.admin.referrals.$get({ query: { taskId: String(taskId), page: '1', pageSize: '50' } })),
  });

export type ShareInput = { referralIds: number[]; contactIds: number[]; expiresInDays: number };

export function useCreateSharesMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) =>
      unwrap(api.api.admin.companies.tasks[':taskId'].shares.$post({ param: { taskId: String(taskId) }, json: input })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
  });
}

export type ContactInput = { name: string; email: string; locale: AppLocale };

export function useAddContactMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, input }: { companyId: number; input: ContactInput }) =>
      unwrap(api.api.admin.companies[':id'].contacts.$post({ param: { id: String(companyId) }, json: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
  });
}

export function useRevokeShareMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) =>
      unwrap(api.api.admin.companies.shares[':shareId'].revoke.$post({ param: { shareId: String(shareId) } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
  });
}
