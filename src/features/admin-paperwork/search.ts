import * as v from 'valibot';
import { STATEMENT_FIRST_YEAR, STATEMENT_LAST_YEAR } from '#src/shared/statement-schemas.ts';
import { wallClockParts } from '#src/shared/wall-clock.ts';

// Typed search params of Admin › Paperwork: the year of the Form CP58 list. The router parses `?year=2025`
// as a number; its text is taken too. Missing or unfit, the year before this one.

export const paperworkSearchSchema = v.object({
  year: v.fallback(
    v.optional(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{4}$/), v.transform(Number))]),
        v.integer(),
        v.minValue(STATEMENT_FIRST_YEAR),
        v.maxValue(STATEMENT_LAST_YEAR),
      ),
    ),
    undefined,
  ),
});
export type PaperworkSearch = v.InferOutput<typeof paperworkSearchSchema>;

/** This calendar year in Malaysia time, where the forms' years are counted. */
export const malaysiaYear = (now = new Date()) => Number(wallClockParts(now, 'Asia/Kuala_Lumpur').year);

/**
 * The year the screen opens on: the one before this, whose forms are due by 31 March. Left out of the
 * address when it is the default, so a bookmark of the screen follows the calendar.
 */
export const defaultPaperworkYear = () => malaysiaYear() - 1;
