import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { PAYMENT_FILTERS } from '#src/shared/enums.ts';

// Typed search params of Admin › Payments: the filter (ALL / PAID / PENDING) and the page, each falling
// back to its default on its own.
export const paymentsSearchSchema = v.object({
  filter: v.fallback(v.optional(v.picklist(PAYMENT_FILTERS), 'ALL'), 'ALL'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type PaymentsSearch = v.InferOutput<typeof paymentsSearchSchema>;

export const PAYMENTS_DEFAULTS = {
  filter: 'ALL',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies PaymentsSearch;

export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
