import { monthOfInstant, monthStartUtc } from '#src/server/modules/insight/period.ts';

// Section 107D counts calendar years in Malaysia time (UTC+8, no daylight saving), as the yearly statement
// does: a payment at 00:30 on 1 January in Kuala Lumpur is in the new year.

/** The Malaysian calendar year an instant falls in. */
export const malaysiaYearOf = (at: Date): number => Number(monthOfInstant(at).slice(0, 4));

/** The first instant of a Malaysian calendar year (ISO UTC, as stored times read). */
export const malaysiaYearStartUtc = (year: number): string => monthStartUtc(`${String(year).padStart(4, '0')}-01`);

const DAY_MS = 24 * 60 * 60 * 1000;
const MALAYSIA_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The last day to remit what was withheld from a payment, 'YYYY-MM-DD': section 107D gives 30 days "after
 * paying or crediting", read here as the 30th calendar day after the day it was paid in Malaysia time (paid
 * on 5 January, remitted by 4 February). Weekends and public holidays do not move it.
 */
export function remitByOf(paidAt: string): string {
  const paidDay = new Date(Date.parse(paidAt) + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10);
  return new Date(Date.parse(`${paidDay}T00:00:00.000Z`) + 30 * DAY_MS).toISOString().slice(0, 10);
}
