import * as v from 'valibot';
import { idParam, optionalPick, pageParam, pageSizeParam } from '#src/lib/list-search.ts';
import { EARNING_STATUS_FILTERS } from '#src/shared/enums.ts';

// `/earning` search params: the decided-referrals list's filters and page, and the payments' page. The
// router parses values as JSON (`?taskId=7` is 7); anything that does not fit means "no filter".

export const earningSearchSchema = v.object({
  status: optionalPick(EARNING_STATUS_FILTERS),
  taskId: idParam,
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined),
  page: pageParam,
  pageSize: pageSizeParam,
  paymentsPage: pageParam,
  paymentsPageSize: pageSizeParam,
  // The yearly statement's year (issue 46); none: this year, or the last year paid when this one is not yet.
  statementYear: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2100))), undefined),
});
export type EarningSearch = v.InferOutput<typeof earningSearchSchema>;

export type EarningFilters = Pick<EarningSearch, 'status' | 'taskId' | 'month' | 'page' | 'pageSize'>;

export const earningFilters = (search: EarningSearch): EarningFilters => ({
  status: search.status,
  taskId: search.taskId,
  month: search.month,
  page: search.page,
  pageSize: search.pageSize,
});

export const paymentsPaging = (search: EarningSearch) => ({
  page: search.paymentsPage,
  pageSize: search.paymentsPageSize,
});
