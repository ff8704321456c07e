import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './constants';
import { idParamField, numberish } from './form-fields';

/** Far past any real list; keeps the row offset a number every database takes. */
export const PAGE_MAX = 100_000;

// Query entries every list call shares. Query strings are text, so numbers come through `numberish`.
export const searchEntry = {
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'field_too_long'))),
};

export const listPageEntries = {
  page: v.optional(
    v.pipe(
      numberish('field_invalid'),
      v.integer('field_invalid'),
      v.minValue(1, 'field_invalid'),
      v.maxValue(PAGE_MAX, 'field_invalid'),
    ),
    1,
  ),
  pageSize: v.optional(v.pipe(numberish('field_invalid'), v.values(PAGE_SIZES, 'field_invalid')), DEFAULT_PAGE_SIZE),
};

/** `/:id` path parameters. */
export const idParamSchema = v.object({
  id: idParamField(),
});
