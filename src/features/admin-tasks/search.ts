import * as v from 'valibot';
import { pageParam, pageSizeParam, pickOrEmpty, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { ADMIN_TASK_SORTS, ADMIN_TASK_STATUS_FILTERS, JOB_TYPES } from '#src/shared/enums.ts';

// Typed search params of Admin › Tasks (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view.

/** `/admin/tasks`: every task, the newest first. */
export const adminTaskSearchSchema = v.object({
  search: textParam,
  jobType: pickOrEmpty(JOB_TYPES),
  sort: v.fallback(v.optional(v.picklist(ADMIN_TASK_SORTS), 'latest'), 'latest'),
  status: v.fallback(v.optional(v.picklist(ADMIN_TASK_STATUS_FILTERS), 'all'), 'all'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type AdminTaskFilters = v.InferOutput<typeof adminTaskSearchSchema>;

export const ADMIN_TASK_DEFAULTS = {
  search: '',
  jobType: '',
  sort: 'latest',
  status: 'all',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies AdminTaskFilters;
