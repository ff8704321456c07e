import { type Expression, type RawBuilder, sql } from 'kysely';
import { DEFAULT_TIMEZONE } from '../../../shared/constants';

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
 * The index of the month a time column falls in (0 for the first), for a GROUP BY over months: a
 * CASE over the boundaries. Rows outside every month must be filtered out by the caller (`inMonths`).
 */
export function monthIndex(column: Expression<unknown> | string, months: CalendarMonth[]): RawBuilder<number> {
  if (months.length < 2) return sql<number>`${sql.lit(0)}`;
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  const whens = months.slice(0, -1).map((month, i) => sql`when ${ref} < ${month.end} then ${sql.lit(i)}`);
  return sql<number>`case ${sql.join(whens, sql` `)} else ${sql.lit(months.length - 1)} end`;
}
