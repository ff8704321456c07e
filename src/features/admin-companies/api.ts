import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { invalidateReferralViews } from '#src/lib/referral-views.ts';
import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';
import type { CompanyListFilters } from './search';

// Admin › Companies and a task's review links for its hiring company (`/api/admin/companies`, issue 45).
// Keys start with 'admin-companies': the company list, one company, a task's links (with its company and
// contacts), a referral's links. The task's referrals to pick from are the Hiring status list's (key
// 'admin-referrals', so a decision on a referral refreshes them too).

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  company_exists: m.admin_companies_exists,
  contact_exists: m.admin_share_contact_exists,
  referral_not_in_task: m.admin_share_refused_not_in_task,
  consent_not_confirmed: m.admin_share_refused_consent,
  talent_erased: m.admin_share_refused_erased,
  referral_closed: m.admin_share_refused_closed,
  contact_not_of_company: m.admin_share_refused_contact,
  hiring_moved_since: m.admin_share_reverse_moved_since,
  answer_moved_nothing: m.admin_share_reverse_nothing,
});

export const companyKeys = {
  list: ['admin-companies', 'list'] as const,
  detail: (id: number) => ['admin-companies', 'company', id] as const,
  /** Every task's links: a contact's change shows in each task's share dialog. */
  taskSharesAll: ['admin-companies', 'task-shares'] as const,
  taskShares: (taskId: number) => ['admin-companies', 'task-shares', taskId] as const,
  referralSharesAll: ['admin-companies', 'referral-shares'] as const,
  referralShares: (referralId: number) => ['admin-companies', 'referral-shares', referralId] as const,
};

export const companiesQueryOptions = (filters: CompanyListFilters) =>
  queryOptions({
    queryKey: [...companyKeys.list, filters],
    queryFn: () =>
      unwrap(
        api.api.admin.companies.$get({
          query: {
            ...(filters.search ? { search: filters.search } : {}),
            page: String(filters.page),
            pageSize: String(filters.pageSize),
          },
        }),
      ),
  });

/** One company with its contacts. */
export const companyQueryOptions = (id: number) =>
  queryOptions({
    queryKey: companyKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.companies[':id'].$get({ param: { id: String(id) } })),
  });

export const taskSharesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: companyKeys.taskShares(taskId),
    queryFn: () => unwrap(api.api.admin.companies.tasks[':taskId'].shares.$get({ param: { taskId: String(taskId) } })),
  });

/** The review links one referral was put on (the admin's referral detail). */
export const referralSharesQueryOptions = (referralId: number) =>
  queryOptions({
    queryKey: companyKeys.referralShares(referralId),
    queryFn: () =>
      unwrap(
        api.api.admin.companies.referrals[':referralId'].shares.$get({ param: { referralId: String(referralId) } }),
      ),
  });

export const SHARE_PICK_PAGE_SIZE = 10;

/** One page of the task's referrals (newest first, `search` in the talent's name), each with its consent and hiring state. */
export const taskReferralsQueryOptions = (taskId: number, search: string, page: number) =>
  queryOptions({
    queryKey: ['admin-referrals', 'list', { taskId, search, page, pageSize: SHARE_PICK_PAGE_SIZE, for: 'share' }],
    queryFn: () =>
      unwrap(
        api.api.admin.referrals.$get({
          query: {
            taskId: String(taskId),
            ...(search ? { search } : {}),
            page: String(page),
            pageSize: String(SHARE_PICK_PAGE_SIZE),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

/**
 * What a change to a task's links shows in: that task's links, every referral's links (a referral is of
 * one task, but which ones were on the link is not known here) and the company list's counts.
 */
function invalidateShares(queryClient: QueryClient, taskId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.taskShares(taskId) }),
    queryClient.invalidateQueries({ queryKey: companyKeys.referralSharesAll }),
    queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  ]);
}

/** What a change to a company or its contacts shows in: the company, the list, and the share dialogs. */
function invalidateCompany(queryClient: QueryClient, companyId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.detail(companyId) }),
    queryClient.invalidateQueries({ queryKey: companyKeys.list }),
    queryClient.invalidateQueries({ queryKey: companyKeys.taskSharesAll }),
  ]);
}

export type ShareInput = { referralIds: number[]; contactIds: number[]; expiresInDays: number };

export function useCreateSharesMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) =>
      unwrap(api.api.admin.companies.tasks[':taskId'].shares.$post({ param: { taskId: String(taskId) }, json: input })),
    onSettled: () => invalidateShares(queryClient, taskId),
  });
}

export function useCreateCompanyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => unwrap(api.api.admin.companies.$post({ json: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.list }),
  });
}

/** Renames a company; its tasks take the name too, so the admin's task lists refetch. */
export function useRenameCompanyMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      unwrap(api.api.admin.companies[':id'].$put({ param: { id: String(companyId) }, json: { name } })),
    onSuccess: () =>
      Promise.all([
        invalidateCompany(queryClient, companyId),
        queryClient.invalidateQueries({ queryKey: ['admin-tasks'] }),
        invalidateReferralViews(queryClient),
      ]),
  });
}

export type ContactInput = { name: string; email: string; locale: AppLocale };

/** Adds a contact (no `contactId`) or changes one. */
export function useSaveContactMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, input }: { contactId?: number; input: ContactInput }) =>
      contactId === undefined
        ? unwrap(api.api.admin.companies[':id'].contacts.$post({ param: { id: String(companyId) }, json: input }))
        : unwrap(
            api.api.admin.companies[':id'].contacts[':contactId'].$put({
              param: { id: String(companyId), contactId: String(contactId) },
              json: input,
            }),
          ),
    onSuccess: () => invalidateCompany(queryClient, companyId),
  });
}

/** Removes a contact; their open links are revoked, so every view of links refetches. */
export function useRemoveContactMutation(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) =>
      unwrap(
        api.api.admin.companies[':id'].contacts[':contactId'].$delete({
          param: { id: String(companyId), contactId: String(contactId) },
        }),
      ),
    onSettled: () =>
      Promise.all([
        invalidateCompany(queryClient, companyId),
        queryClient.invalidateQueries({ queryKey: companyKeys.referralSharesAll }),
      ]),
  });
}

export function useRevokeShareMutation(taskId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: number) =>
      unwrap(api.api.admin.companies.shares[':shareId'].revoke.$post({ param: { shareId: String(shareId) } })),
    onSettled: () => invalidateShares(queryClient, taskId),
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
    onSettled: () => invalidateShares(queryClient, taskId),
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
    onSettled: () => Promise.all([invalidateShares(queryClient, taskId), invalidateReferralViews(queryClient)]),
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
    onSettled: () => invalidateShares(queryClient, taskId),
  });
}
