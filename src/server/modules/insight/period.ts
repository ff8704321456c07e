import { MONTH_OFFSET_HOURS } from '#src/server/db/insight-counters-sql.ts';
import { AppError } from '#src/server/errors.ts';

// Issue 27: the months an insight view covers. Months are 'YYYY-MM' in Malaysia time (UTC+8, the counters'
// month, migration 017); the default is the 12 months up to the current one.

/** Longest period answered: its chart has one entry per month, so a period of centuries is refused. */
export const MAX_PERIOD_MONTHS = 120;
const DEFAULT_MONTHS = 12;

/** The Malaysia month an instant falls in. */
export const monthOfInstant = (at: Date) =>
  new Date(at.getTime() + MONTH_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 7);

const index = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return year * 12 + (m - 1);
};
const fromIndex = (i: number) =>
  `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  return Array.from({ length: index(to) - index(from) + 1 }, (_, i) => fromIndex(index(from) + i));
}

/** The first instant of the Malaysia month (ISO UTC, as the database stores times). */
export function monthStartUtc(month: string): string {
  return new Date(`${month}-01T00:00:00+0${MONTH_OFFSET_HOURS}:00`).toISOString();
}

export const nextMonth = (month: string) => fromIndex(index(month) + 1);

/**
 * The period asked for, with the defaults filled: no `to` is the current month (or `from` when that is
 * later), no `from` the 11 months before `to`. The schema already refused from > to when both are given.
 */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const current = monthOfInstant(now);
  const to = query.to ?? (query.from && query.from > current ? query.from : current);
  const from = query.from ?? fromIndex(index(to) - (DEFAULT_MONTHS - 1));
  if (index(to) - index(from) + 1 > MAX_PERIOD_MONTHS) {
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', { from: 'field_invalid' });
  }
  return { from, to };
}
