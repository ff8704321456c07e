import * as v from 'valibot';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import {
  CONSENT_STATUSES,
  HIRING_STATUSES,
  JOB_TYPES,
  REWARD_FILTERS,
  TASK_SORTS,
  TASK_STATUS_FILTERS,
} from '#src/shared/enums.ts';

// Typed search params of the task lists (ARCHITECTURE.md convention 3). Every key falls back to its
// default on its own, so one bad value in a shared link does not throw the rest of the view away.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);
const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1);
const pageSize = v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE);

const taskListEntries = (defaultStatus: (typeof TASK_STATUS_FILTERS)[number]) => ({
  search: text,
  jobType: v.fallback(v.optional(v.picklist(['', ...JOB_TYPES]), ''), ''),
  sort: v.fallback(v.optional(v.picklist(TASK_SORTS), 'date'), 'date'),
  status: v.fallback(v.optional(v.picklist(TASK_STATUS_FILTERS), defaultStatus), defaultStatus),
  page,
  pageSize,
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

/** Manage Task's talent view: the recruiter's referrals across tasks. */
export const referralListSearchSchema = v.object({
  search: text,
  consent: v.fallback(v.optional(v.picklist(['', ...CONSENT_STATUSES]), ''), ''),
  hiring: v.fallback(v.optional(v.picklist(['', ...HIRING_STATUSES]), ''), ''),
  reward: v.fallback(v.optional(v.picklist(['', ...REWARD_FILTERS]), ''), ''),
  page,
  pageSize,
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

/** Path ids: a positive whole number, else the route is Page Not Found. */
export function parseId(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
