import * as v from 'valibot';
import { pageParam, pageSizeParam, pickOrEmpty, textParam } from '#src/lib/list-search.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { JOB_TYPES, TASK_SORTS, TASK_STATUS_FILTERS } from '#src/shared/enums.ts';

// Typed search params of the task lists (ARCHITECTURE.md convention 3). The talent view's are in
// `#src/lib/referral-list-search.ts`, shared with Admin's view of one recruiter.

const taskListEntries = (defaultStatus: (typeof TASK_STATUS_FILTERS)[number]) => ({
  search: textParam,
  jobType: pickOrEmpty(JOB_TYPES),
  sort: v.fallback(v.optional(v.picklist(TASK_SORTS), 'date'), 'date'),
  status: v.fallback(v.optional(v.picklist(TASK_STATUS_FILTERS), defaultStatus), defaultStatus),
  page: pageParam,
  pageSize: pageSizeParam,
});

/** The task board and a promo's tasks: open tasks by default, `view` opens a task's detail dialog. */
export const taskBoardSearchSchema = v.object({ ...taskListEntries('open'), view: optionalStringParam });

/** Manage Task: every task the recruiter joined by default, closed ones still carry referrals. */
export const myTaskListSearchSchema = v.object(taskListEntries('all'));

export type TaskListFilters = v.InferOutput<typeof myTaskListSearchSchema>;

export const TASK_BOARD_DEFAULTS = {
  search: '',
  jobType: '',
  sort: 'date',
  status: 'open',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies TaskListFilters;
export const MY_TASK_DEFAULTS = { ...TASK_BOARD_DEFAULTS, status: 'all' } as const satisfies TaskListFilters;

/** A page past the end (an old link) counts as filtered too: clearing goes back to page 1. */
export const isTaskListFiltered = (filters: TaskListFilters, defaults: TaskListFilters) =>
  filters.page > 1 ||
  filters.search !== defaults.search ||
  filters.jobType !== defaults.jobType ||
  filters.status !== defaults.status;
