import { displayTimeZone } from '../../lib/format';
import { currentIntlLocale } from '../../lib/locale';

// Formatting this area needs beyond src/lib/format.ts.

/** "14:05": the time of day, in the zone dates are shown in. */
export function formatTime(value: string | Date): string {
  return new Intl.DateTimeFormat(currentIntlLocale(), {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: displayTimeZone(),
  }).format(typeof value === 'string' ? new Date(value) : value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value ("2026-11-22T14:05") for a moment, in the device's own time zone. */
export function toLocalInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the device's time zone, as ISO UTC; '' when blank or not a date. */
export function localInputToIso(value: string): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
