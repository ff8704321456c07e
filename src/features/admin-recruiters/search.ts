import * as v from 'valibot';
import { pageParam, pageSizeParam, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { RECRUITER_SORTS, RECRUITER_STATUS_FILTERS, TASK_STATUS_FILTERS } from '#src/shared/enums.ts';

// Typed search params of the Admin › Recruiters screens (ARCHITECTURE.md convention 3). The talent view's
// are the recruiter's own talent view's (`#src/lib/referral-list-search.ts`).

/** `/admin/manage-task`: the recruiters. */
export const recruiterListSearchSchema = v.object({
  search: textParam,
  sort: v.fallback(v.optional(v.picklist(RECRUITER_SORTS), 'LATEST'), 'LATEST'),
  status: v.fallback(v.optional(v.picklist(RECRUITER_STATUS_FILTERS), 'all'), 'all'),
  page: pageParam,
  pageSize: pageSizeParam,
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
  search: textParam,
  status: v.fallback(v.optional(v.picklist(TASK_STATUS_FILTERS), 'all'), 'all'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type RecruiterTaskFilters = v.InferOutput<typeof recruiterTaskListSearchSchema>;
export const RECRUITER_TASK_DEFAULTS = {
  search: '',
  status: 'all',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies RecruiterTaskFilters;

/** `/admin/manage-task/recruiter-{recruiter}/paperwork`: the yearly statement's year (none: the last paid). */
export const recruiterPaperworkSearchSchema = v.object({
  year: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))), undefined),
});
export type RecruiterPaperworkSearch = v.InferOutput<typeof recruiterPaperworkSearchSchema>;
