import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '#src/shared/constants.ts';
import { CONSENT_STATUSES, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';

// The router parses search values as JSON (`?taskId=7` is 7, `?search=123` is 123): ids accept a number
// or its text, text accepts a number. A value that does not fit falls back to "no filter", never an error.
const idParam = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);

const optionalPick = <T extends readonly [string, ...string[]]>(options: T) =>
  v.fallback(v.optional(v.picklist(options)), undefined);

/** `/talents-folder` search params: search, task, consent, hiring and reward filters, page. */
export const talentsFolderSearchSchema = v.object({
  search: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100))),
    undefined,
  ),
  taskId: idParam,
  consent: optionalPick(CONSENT_STATUSES),
  hiring: optionalPick(HIRING_STATUSES),
  reward: optionalPick(REWARD_FILTERS),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
  pageSize: v.fallback(v.optional(v.picklist(PAGE_SIZES), DEFAULT_PAGE_SIZE), DEFAULT_PAGE_SIZE),
});
export type TalentsFolderSearch = v.InferOutput<typeof talentsFolderSearchSchema>;

/** The folder's filters as the list call takes them. */
export const folderFilters = (search: TalentsFolderSearch) => ({
  search: search.search || undefined,
  taskId: search.taskId,
  consent: search.consent,
  hiring: search.hiring,
  reward: search.reward,
  page: search.page,
  pageSize: search.pageSize,
});

/** `/talents-folder/{id}/profile?referral=` opens (and scrolls to) that referral's panel. */
export const talentProfileSearchSchema = v.object({ referral: idParam });

/** A `/:id` path parameter as a number, or null when it is not a plausible id. */
export function parseIdParam(value: string): number | null {
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
