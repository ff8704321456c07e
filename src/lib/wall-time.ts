import { wallClockParts } from '#src/shared/wall-clock.ts';
import { displayTimeZone } from './format';

// A `datetime-local` input holds a wall time without a zone. Every such input (task deadline, promo
// period, call time, payment date) is typed in the zone the app shows times in — the signed-in user's
// own (their account setting; Asia/Kuala_Lumpur by default) — whatever the device's zone, so what is
// typed and what is shown afterwards read the same clock. These turn one into the other.

/** How far the zone's wall clock is ahead of UTC at that moment, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = wallClockParts(new Date(ms), timeZone);
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** "2026-12-01T18:00" for a moment, as the zone's wall clock reads it. */
export function toWallTime(iso: string | Date, timeZone = displayTimeZone()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const p = wallClockParts(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The moment the zone's wall clock reads "2026-12-01T18:00", as ISO UTC; the text itself when it is no date. */
export function fromWallTime(value: string, timeZone = displayTimeZone()): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Twice, so a wall time next to a daylight-saving change lands on the right side of it.
  let ms = asUtc - offsetAt(asUtc, timeZone);
  ms = asUtc - offsetAt(ms, timeZone);
  return new Date(ms).toISOString();
}

/** "GMT+8", "GMT-4", "GMT" for the zone at that moment (summer time included); '' when unknown. */
export function zoneOffsetName(timeZone: string, at = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** "Kuala Lumpur (GMT+8)": the zone's place, as the account's zone list names it, and its offset then. */
export function zoneLabel(timeZone: string, at = new Date()): string {
  const place = (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');
  const offset = zoneOffsetName(timeZone, at);
  return offset && offset !== place ? `${place} (${offset})` : place;
}
