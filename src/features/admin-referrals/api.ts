import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { invalidateReferralViews } from '#src/lib/referral-views.ts';
import { m } from '#src/paraglide/messages.js';
import type {
  AdminReferralListQuery,
  CallProofDecision,
  HiringStatusChangeInput,
  RewardDecision,
} from '#src/shared/admin-referral-schemas.ts';

// Admin › Hiring status (`/api/admin/referrals`). Keys start with 'admin-referrals': the list, then one
// referral. A change refetches every view counted from referrals (lib/referral-views.ts): the referral
// and the list, what can be paid, Insight, the recruiter's page and the dashboard.

registerFieldMessages({
  field_required: m.error_field_field_required,
  field_too_long: m.error_field_field_too_long,
  field_invalid: m.error_field_invalid,
  hiring_transition_refused: m.error_field_hiring_transition_refused,
  hiring_needs_consent: m.error_field_hiring_needs_consent,
  call_proof_already_reviewed: m.error_field_call_proof_already_reviewed,
  reward_in_payment: m.error_field_reward_in_payment,
  reward_consent_required: m.error_field_reward_consent_required,
  reward_closed_withdrawn: m.error_field_reward_closed_withdrawn,
  reward_unchanged: m.error_field_reward_unchanged,
  reward_quota_full: m.error_field_reward_quota_full,
});

export type AdminReferralFilters = Omit<AdminReferralListQuery, 'call'> & { call?: AdminReferralListQuery['call'] };

export const adminReferralKeys = {
  all: ['admin-referrals'] as const,
  list: ['admin-referrals', 'list'] as const,
  detail: (id: number) => ['admin-referrals', 'detail', id] as const,
};

const queryOf = (filters: AdminReferralFilters) => {
  const query: Record<string, string> = { page: String(filters.page), pageSize: String(filters.pageSize) };
  if (filters.search) query.search = filters.search;
  if (filters.taskId) query.taskId = String(filters.taskId);
  if (filters.recruiterId) query.recruiterId = String(filters.recruiterId);
  if (filters.hiring) query.hiring = filters.hiring;
  if (filters.consent) query.consent = filters.consent;
  if (filters.reward) query.reward = filters.reward;
  if (filters.call) query.call = filters.call;
  return query;
};

/** One page of every recruiter's referrals. */
export const adminReferralsQueryOptions = (filters: AdminReferralFilters) =>
  queryOptions({
    queryKey: [...adminReferralKeys.list, filters],
    queryFn: () => unwrap(api.api.admin.referrals.$get({ query: queryOf(filters) })),
  });

/** One referral with call proofs, reward and quota, payment and history. */
export const adminReferralQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminReferralKeys.detail(id),
    queryFn: () => unwrap(api.api.admin.referrals[':id'].$get({ param: { id: String(id) } })),
  });

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => invalidateReferralViews(queryClient);
}

export function useHiringStatusMutation(referralId: number) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: HiringStatusChangeInput) =>
      unwrap(api.api.admin.referrals[':id']['hiring-status'].$post({ param: { id: String(referralId) }, json: input })),
    onSettled: refresh,
  });
}

export function useCallProofReviewMutation() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: { callProofId: number; decision: CallProofDecision; reason?: string }) =>
      unwrap(
        api.api.admin.referrals['call-proofs'][':id'].review.$post({
          param: { id: String(input.callProofId) },
          json: { decision: input.decision, reason: input.reason },
        }),
      ),
    onSettled: refresh,
  });
}

export function useRewardDecisionMutation(referralId: number) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: { decision: RewardDecision; reason?: string }) =>
      unwrap(api.api.admin.referrals[':id'].reward.$post({ param: { id: String(referralId) }, json: input })),
    onSettled: refresh,
  });
}

/** What approving the selection would do (count, rewards per currency, proofs pending), asked before it is done. */
export const bulkApproveSummaryQueryOptions = (referralIds: number[]) =>
  queryOptions({
    queryKey: ['admin-referrals', 'bulk-summary', referralIds] as const,
    queryFn: () => unwrap(api.api.admin.referrals.reward.bulk.summary.$post({ json: { referralIds } })),
    staleTime: 0,
    gcTime: 0,
  });

/** One decision for a selection; the answer has each referral's outcome (or refusal). */
export function useBulkRewardMutation() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: { referralIds: number[]; decision: RewardDecision; reason?: string }) =>
      unwrap(api.api.admin.referrals.reward.bulk.$post({ json: input })),
    onSettled: refresh,
  });
}

/** A stored file (a call proof) as a Blob, fetched with the bearer token for viewing in place. */
