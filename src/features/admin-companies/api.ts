import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { invalidateReferralViews } from '#src/lib/referral-views.ts';
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
  hiring_moved_since: m.admin_share_reverse_moved_since,
  answer_moved_nothing: m.admin_share_reverse_nothing,
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

/** Takes a referral off a link: the company no longer sees it there. */
export function useRemoveShareReferralMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, referralId }: { shareId: number; referralId: number }) =>
      unwrap(
        api.api.admin.companies.shares[':shareId'].referrals[':referralId'].$delete({
          param: { shareId: String(shareId), referralId: String(referralId) },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
  });
}

/** Puts back the hiring status a company's answer moved, with the admin's reason. */
export function useReverseAnswerMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, reason }: { answerId: number; reason: string }) =>
      unwrap(
        api.api.admin.companies.answers[':answerId'].reverse.$post({
          param: { answerId: String(answerId) },
          json: { reason },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
        invalidateReferralViews(queryClient),
      ]),
  });
}

/** Puts more of the task's referrals on an open link (the same checks as a new link's). */
export function useAddShareReferralsMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, referralIds }: { shareId: number; referralIds: number[] }) =>
      unwrap(
        api.api.admin.companies.shares[':shareId'].referrals.$post({
          param: { shareId: String(shareId) },
          json: { referralIds },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskSharesQueryOptions(taskId).queryKey }),
  });
}
