import * as v from 'valibot';
import { pageParam, pageSizeParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { PAYMENT_FILTERS } from '#src/shared/enums.ts';

// Typed search params of Admin › Payments: the filter (ALL / PAID / PENDING) and the page, each falling
// back to its default on its own.
export const paymentsSearchSchema = v.object({
  // The payments, or section 107D's amounts withheld per month (issue 46) and which month.
  view: v.fallback(v.optional(v.picklist(['payments', 'withholding']), 'payments'), 'payments'),
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/))), undefined),
  filter: v.fallback(v.optional(v.picklist(PAYMENT_FILTERS), 'ALL'), 'ALL'),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type PaymentsSearch = v.InferOutput<typeof paymentsSearchSchema>;

export const PAYMENTS_DEFAULTS = {
  view: 'payments',
  filter: 'ALL',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies PaymentsSearch;
