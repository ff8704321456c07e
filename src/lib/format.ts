import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';
import { currencyDigits, formatMinorUnits } from '#src/shared/money.ts';

export { currencyDigits };

import { dateFormat } from './date-formats';
import { currentIntlLocale, toIntlLocale } from './locale';

// Dates are stored in UTC and shown in the signed-in user's time zone (their account's choice), else
// Asia/Kuala_Lumpur (seed section 1); money is integer minor units plus an ISO 4217 code
// (ARCHITECTURE.md convention 8).
export type FormatOptions = { locale?: string; timeZone?: string };

let chosenZone: string | null = null;
let checkedZone: { chosen: string | null; shown: string } = { chosen: null, shown: DEFAULT_TIMEZONE };

/** The zone dates are shown in: the user's, once known to be one, else Asia/Kuala_Lumpur. */
export function displayTimeZone(): string {
  // Checked when a date is first shown, not when the zone is set: the signed-in layout sets it on every
  // render, and the first zone check loads the browser's time zone data (~15 ms on a phone), which a
  // screen without dates never needs (issue 7: the task board's first render).
  if (checkedZone.chosen !== chosenZone) {
    checkedZone = { chosen: chosenZone, shown: chosenZone && isTimeZone(chosenZone) ? chosenZone : DEFAULT_TIMEZONE };
  }
  return checkedZone.shown;
}

/** The signed-in user's zone (null or an unknown zone: Asia/Kuala_Lumpur). */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  chosenZone = timeZone || null;
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

const resolveLocale = (locale?: string) => (locale ? toIntlLocale(locale) : currentIntlLocale());

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDateTime(value: string | number | Date, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormat(resolveLocale(options.locale), options.timeZone ?? displayTimeZone(), true).format(date);
}

export function formatDate(value: string | number | Date, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return dateFormat(resolveLocale(options.locale), options.timeZone ?? displayTimeZone(), false).format(date);
}

export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  return formatMinorUnits(minorUnits, currency, resolveLocale(locale));
}

/** "1.2 MB", "350 kB", "900 bytes": file sizes for people, in the interface's language. */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1000 ? [bytes / 1000, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(currentIntlLocale(), {
    style: 'unit',
    unit,
    // Bytes have no short unit in Intl ("664 byte" in English): the long one is plural-aware ("1 byte",
    // "664 bytes", "664 bait", "664字节").
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
