import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';

// The pieces every list's typed search params are made of (ARCHITECTURE.md convention 3). Each key falls
// back to its default on its own, so one bad value in a shared link keeps the rest of the view.

// The router parses `?search=123` as the number 123: text params take numbers back as text.
const text = v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100));

/** Free text, '' when missing or unfit. */
export const textParam = v.fallback(v.optional(text, ''), '');

/** Free text, undefined when missing or unfit. */
export const optionalTextParam = v.fallback(v.optional(text), undefined);

/** An id filter: `?taskId=7` arrives as the number 7, its text is taken too; anything else is no filter. */
export const idParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);

/** One of `values`, else '' (no filter). */
export const pickOrEmpty = <const T extends readonly string[]>(values: T) =>
  v.fallback(v.optional(v.picklist(['', ...values] as const), ''), '');

/** One of `values`, else undefined (no filter). */
export const optionalPick = <T extends readonly [string, ...string[]]>(values: T) =>
  v.fallback(v.optional(v.picklist(values)), undefined);

export const pageParam = v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1);

export const pageSizeParam = v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE);

/** The Pagination's page size as one of the seed's sizes. */
export const asPageSize = (size: number): (typeof PAGE_SIZES)[number] =>
  PAGE_SIZES.find((option) => option === size) ?? DEFAULT_PAGE_SIZE;
