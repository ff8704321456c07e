import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { ADMIN_TASK_SORTS, ADMIN_TASK_STATUS_FILTERS, JOB_TYPES } from '#src/shared/enums.ts';

// Typed search params of Admin › Tasks (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);

/** `/admin/tasks`: every task, the newest first. */
export const adminTaskSearchSchema = v.object({
  search: text,
  jobType: v.fallback(v.optional(v.picklist(['', ...JOB_TYPES]), ''), ''),
  sort: v.fallback(v.optional(v.picklist(ADMIN_TASK_SORTS), 'latest'), 'latest'),
  status: v.fallback(v.optional(v.picklist(ADMIN_TASK_STATUS_FILTERS), 'all'), 'all'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
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

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
