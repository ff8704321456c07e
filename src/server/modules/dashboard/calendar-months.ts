import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';

// Calendar months in a user's time zone, as UTC instants: the API stores ISO-8601 UTC text, so a month
// is a half-open range of ISO strings and a row falls in it by plain text comparison, on both databases.

export type CalendarMonth = {
  /** 'YYYY-MM' in the zone. */
  key: string;
  /** The first instant of the month (ISO UTC), inclusive. */
  start: string;
  /** The first instant of the next month (ISO UTC), exclusive. */
  end: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, instant: number) {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  const parts = Object.fromEntries(
    format.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  return parts;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's clock reads midnight on the 1st of the month (month 1–12; overflow rolls over). */
function monthStart(zone: string, year: number, month: number): number {
  const wall = Date.UTC(year, month - 1, 1);
  const guess = wall - offsetAt(zone, wall);
  // Across a change of offset (summer time) the second reading is the right one.
  return wall - offsetAt(zone, guess);
}

/** A zone the runtime knows, or the default one (a stored zone is validated, but never trusted blindly). */
export function knownZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

function calendarMonth(zone: string, year: number, month: number): CalendarMonth {
  const start = monthStart(zone, year, month);
  const end = monthStart(zone, year, month + 1);
  const first = new Date(Date.UTC(year, month - 1, 1));
  return {
    key: `${first.getUTCFullYear()}-${pad(first.getUTCMonth() + 1)}`,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
  };
}

/** The `count` months up to and including the one `now` is in, oldest first. */
export function lastMonths(zone: string, now: Date, count: number): CalendarMonth[] {
  const p = partsIn(zone, now.getTime());
  return Array.from({ length: count }, (_, i) => calendarMonth(zone, p.year, p.month - (count - 1 - i)));
}

/** The month 'YYYY-MM' in the zone. */
export function monthOf(zone: string, key: string): CalendarMonth {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return calendarMonth(zone, year, month);
}

/**
 * One statement with a branch per month (UNION ALL); `branch` gets the month and its index (0 for the
 * oldest) as a literal to select as `m`. Each branch is a plain range on the time column, which both
 * databases count from an index; at a million referrals on SQLite one pass with a CASE over the month
 * boundaries and a GROUP BY on it cost about six times as much (measured in `npm run bench`).
 */
// biome-ignore lint/suspicious/noExplicitAny: a branch may select from any tables, any columns.
export function perMonth<Q extends SelectQueryBuilder<any, any, any>>(
  months: CalendarMonth[],
  branch: (month: CalendarMonth, m: RawBuilder<number>) => Q,
): Q {
  const [first, ...rest] = months.map((month, i) => branch(month, sql<number>`${sql.lit(i)}`));
  if (!first) throw new Error('perMonth needs at least one month');
  return rest.reduce((query, next) => query.unionAll(next) as Q, first);
}
