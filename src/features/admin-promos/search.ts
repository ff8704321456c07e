import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { PROMO_PERIODS } from '#src/shared/enums.ts';

// Typed search params of Admin › Promo (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.fallback(
  v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100)), ''),
  '',
);

/** `/admin/promo`: every promo, the latest starting first. */
export const promoListSearchSchema = v.object({
  search: text,
  period: v.fallback(v.optional(v.picklist(['', ...PROMO_PERIODS]), ''), ''),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type PromoListFilters = v.InferOutput<typeof promoListSearchSchema>;

export const PROMO_LIST_DEFAULTS = {
  search: '',
  period: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies PromoListFilters;

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
