import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { CALL_FILTERS, CONSENT_STATUSES, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import type { AdminReferralFilters } from './api';

// Typed search params of Admin › Hiring status (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view. `referral` opens the
// detail dialog over the list.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);
const id = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);
const pick = <const T extends readonly string[]>(values: T) =>
  v.fallback(v.optional(v.picklist(['', ...values] as const), ''), '');

export const hiringStatusSearchSchema = v.object({
  search: text,
  taskId: id,
  recruiterId: id,
  hiring: pick(HIRING_STATUSES),
  consent: pick(CONSENT_STATUSES),
  reward: pick(REWARD_FILTERS),
  call: v.fallback(v.optional(v.picklist(CALL_FILTERS), 'ALL'), 'ALL'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
  referral: id,
});
export type HiringStatusSearch = v.InferOutput<typeof hiringStatusSearchSchema>;
export type HiringListFilters = Omit<HiringStatusSearch, 'referral'>;

export const HIRING_STATUS_DEFAULTS = {
  search: '',
  hiring: '',
  consent: '',
  reward: '',
  call: 'ALL',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies Partial<HiringStatusSearch>;

/** The list's filters without the dialog, so opening a referral does not reload the list. */
export function listFilters(search: HiringStatusSearch): HiringListFilters {
  const { referral: _referral, ...filters } = search;
  return filters;
}

/** The URL's filters as the API's query ('' means no filter). */
export function toApiFilters(filters: HiringListFilters): AdminReferralFilters {
  return {
    search: filters.search || undefined,
    taskId: filters.taskId,
    recruiterId: filters.recruiterId,
    hiring: filters.hiring || undefined,
    consent: filters.consent || undefined,
    reward: filters.reward || undefined,
    call: filters.call,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
