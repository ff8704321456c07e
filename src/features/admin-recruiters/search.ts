import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import {
  CONSENT_STATUSES,
  HIRING_STATUSES,
  RECRUITER_SORTS,
  RECRUITER_STATUS_FILTERS,
  REWARD_FILTERS,
  TASK_STATUS_FILTERS,
} from '#src/shared/enums.ts';

// Typed search params of the Admin › Recruiters screens (ARCHITECTURE.md convention 3). Each key falls
// back to its default on its own, so one bad value in a shared link keeps the rest of the view.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);
const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1);
const pageSize = v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE);

/** `/admin/manage-task`: the recruiters. */
export const recruiterListSearchSchema = v.object({
  search: text,
  sort: v.fallback(v.optional(v.picklist(RECRUITER_SORTS), 'LATEST'), 'LATEST'),
  status: v.fallback(v.optional(v.picklist(RECRUITER_STATUS_FILTERS), 'all'), 'all'),
  page,
  pageSize,
});
export type RecruiterListFilters = v.InferOutput<typeof recruiterListSearchSchema>;
export const RECRUITER_LIST_DEFAULTS = {
  search: '',
  sort: 'LATEST',
  status: 'all',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies RecruiterListFilters;

/** `/admin/manage-task/recruiter-{recruiter}`: the recruiter's tasks, every status by default. */
export const recruiterTaskListSearchSchema = v.object({
  search: text,
  status: v.fallback(v.optional(v.picklist(TASK_STATUS_FILTERS), 'all'), 'all'),
  page,
  pageSize,
});
export type RecruiterTaskFilters = v.InferOutput<typeof recruiterTaskListSearchSchema>;
export const RECRUITER_TASK_DEFAULTS = {
  search: '',
  status: 'all',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies RecruiterTaskFilters;

/** `…/recruiter-{recruiter}/talent-view`: the recruiter's referrals across tasks. */
export const recruiterReferralSearchSchema = v.object({
  search: text,
  consent: v.fallback(v.optional(v.picklist(['', ...CONSENT_STATUSES]), ''), ''),
  hiring: v.fallback(v.optional(v.picklist(['', ...HIRING_STATUSES]), ''), ''),
  reward: v.fallback(v.optional(v.picklist(['', ...REWARD_FILTERS]), ''), ''),
  page,
  pageSize,
});
export type RecruiterReferralFilters = v.InferOutput<typeof recruiterReferralSearchSchema>;
export const RECRUITER_REFERRAL_DEFAULTS = {
  search: '',
  consent: '',
  hiring: '',
  reward: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies RecruiterReferralFilters;

/** Path ids: a positive whole number, else the route is Page Not Found. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
