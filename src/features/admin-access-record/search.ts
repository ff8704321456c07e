import * as v from 'valibot';
import { idParam, pageParam, pageSizeParam, pickOrEmpty } from '#src/lib/list-search.ts';
import { DEFAULT_PAGE_SIZE } from '#src/shared/constants.ts';
import { ACCESS_ACTIONS } from '#src/shared/enums.ts';

// Typed search params of Admin › Access record (ARCHITECTURE.md convention 3): the action, the actor and
// the talent (ids, so another screen can link to "this talent's record"), a range of days in the admin's
// zone, and the page. Each key falls back to its default on its own.

/** "2026-11-27": a day as a date input holds it; '' when missing or unfit. */
const dayParam = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/),
      v.check((day) => !Number.isNaN(Date.parse(day))),
    ),
    '',
  ),
  '',
);

export const accessRecordSearchSchema = v.object({
  action: pickOrEmpty(ACCESS_ACTIONS),
  actorId: idParam,
  talentId: idParam,
  from: dayParam,
  to: dayParam,
  page: pageParam,
  pageSize: pageSizeParam,
});
export type AccessRecordSearch = v.InferOutput<typeof accessRecordSearchSchema>;

export const ACCESS_RECORD_DEFAULTS = {
  action: '',
  from: '',
  to: '',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
} as const satisfies Partial<AccessRecordSearch>;
