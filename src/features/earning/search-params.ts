import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { EARNING_STATUS_FILTERS } from '#src/shared/enums.ts';

// `/earning` search params: the decided-referrals list's filters and page, and the payments' page. The
// router parses values as JSON (`?taskId=7` is 7); anything that does not fit means "no filter".
const page = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1);
const pageSize = v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE);

export const earningSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(EARNING_STATUS_FILTERS)), undefined),
  taskId: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))]),
        v.integer(),
        v.minValue(1),
      ),
    ),
    undefined,
  ),
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined),
  page,
  pageSize,
  paymentsPage: page,
  paymentsPageSize: pageSize,
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
