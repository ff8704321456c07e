import * as v from 'valibot';
import { pageParam, pageSizeParam, pickOrEmpty, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';

/** A talent view's search params (a recruiter's own, or one recruiter's in Admin): referrals across tasks. */
export const referralListSearchSchema = v.object({
  search: textParam,
  consent: pickOrEmpty(CONSENT_FILTERS),
  hiring: pickOrEmpty(HIRING_STATUSES),
  reward: pickOrEmpty(REWARD_FILTERS),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type ReferralListFilters = v.InferOutput<typeof referralListSearchSchema>;
export const REFERRAL_LIST_DEFAULTS = {
  search: '',
  consent: '',
  hiring: '',
  reward: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies ReferralListFilters;
