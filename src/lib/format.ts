import { DEFAULT_TIMEZONE } from '../shared/constants';
import { currencyDigits, formatMinorUnits } from '../shared/money';

export { currencyDigits };

import { currentIntlLocale, toIntlLocale } from './locale';

// Dates are stored in UTC and shown in the signed-in user's time zone (their account's choice), else
// Asia/Kuala_Lumpur (seed section 1); money is integer minor units plus an ISO 4217 code
// (ARCHITECTURE.md convention 8).
export type FormatOptions = { locale?: string; timeZone?: string };

let userTimeZone: string = DEFAULT_TIMEZONE;

/** The zone dates are shown in. */
export const displayTimeZone = (): string => userTimeZone;

/** The signed-in user's zone (null or an unknown zone: Asia/Kuala_Lumpur). */
export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  userTimeZone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_TIMEZONE;
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
  return new Intl.DateTimeFormat(resolveLocale(options.locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.timeZone ?? userTimeZone,
  }).format(date);
}

export function formatDate(value: string | number | Date, options: FormatOptions = {}): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(resolveLocale(options.locale), {
    dateStyle: 'medium',
    timeZone: options.timeZone ?? userTimeZone,
  }).format(date);
}

export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  return formatMinorUnits(minorUnits, currency, resolveLocale(locale));
}

/** "1.2 MB", "350 kB", "900 byte": file sizes for people, in the interface's language. */
export function formatBytes(bytes: number): string {
  const [value, unit] =
    bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1000 ? [bytes / 1000, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(currentIntlLocale(), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
