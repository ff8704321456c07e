import { displayTimeZone } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';

// Formatting this area needs beyond src/lib/format.ts.

/** "14:05": the time of day, in the zone dates are shown in. */
export function formatTime(value: string | Date): string {
  return new Intl.DateTimeFormat(currentIntlLocale(), {
    // As every other time the app writes ("8:03 PTG", not "08:03 PTG").
    hour: 'numeric',
    minute: '2-digit',
    timeZone: displayTimeZone(),
  }).format(typeof value === 'string' ? new Date(value) : value);
}
