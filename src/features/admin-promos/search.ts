import * as v from 'valibot';
import { pageParam, pageSizeParam, pickOrEmpty, textParam } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { PROMO_PERIODS } from '#src/shared/enums.ts';

// Typed search params of Admin › Promo (ARCHITECTURE.md convention 3). Each key falls back to its
// default on its own, so one bad value in a shared link keeps the rest of the view.

/** `/admin/promo`: every promo, the latest starting first. */
export const promoListSearchSchema = v.object({
  search: textParam,
  period: pickOrEmpty(PROMO_PERIODS),
  page: pageParam,
  pageSize: pageSizeParam,
});
export type PromoListFilters = v.InferOutput<typeof promoListSearchSchema>;

export const PROMO_LIST_DEFAULTS = {
  search: '',
  period: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies PromoListFilters;
