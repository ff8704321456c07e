// What a zone's wall clock reads at a moment, as two-digit parts ("2026", "12", "01", "18", "00", "00"):
// the client's datetime-local inputs (lib/wall-time.ts) and the server's payments export both need it.
// One formatter per zone, kept: building one costs far more than formatting with it.

export type WallClockParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

const formats = new Map<string, Intl.DateTimeFormat>();

export function wallClockParts(date: Date, timeZone: string): WallClockParts {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value])) as WallClockParts;
}
