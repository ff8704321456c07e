import * as v from 'valibot';
import { idParam, pageParam, pageSizeParam, pickOrEmpty, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { CALL_FILTERS, CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import type { AdminReferralFilters } from './api';

// Typed search params of Admin › Hiring status (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view. `referral` opens the
// detail dialog over the list.

export const hiringStatusSearchSchema = v.object({
  search: textParam,
  taskId: idParam,
  recruiterId: idParam,
  hiring: pickOrEmpty(HIRING_STATUSES),
  consent: pickOrEmpty(CONSENT_FILTERS),
  reward: pickOrEmpty(REWARD_FILTERS),
  call: v.fallback(v.optional(v.picklist(CALL_FILTERS), 'ALL'), 'ALL'),
  page: pageParam,
  pageSize: pageSizeParam,
  referral: idParam,
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
