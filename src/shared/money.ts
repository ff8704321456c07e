import { memo } from './memo';

// Money is stored in integer minor units (server database.ts); forms carry major units as typed. The number of
// minor digits is the currency's (JPY 0, MYR 2, KWD 3), from Intl. Shared by the server and formatMoney.
// Kept per currency, and formatters per locale and currency: building an Intl.NumberFormat costs far more
// than formatting with it, and a list shows an amount or two per row.
const digits = new Map<string, number>();
export const currencyDigits = (currency: string): number =>
  memo(
    digits,
    currency,
    () => new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2,
  );

export const toMinorUnits = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));

export const toMajorUnits = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units for people ("MYR 1,500.00", "RM 1,500.00"): the screens and the e-mails alike. */
export function formatMinorUnits(minorUnits: number, currency: string, intlLocale: string): string {
  const format = memo(
    moneyFormats,
    `${intlLocale}|${currency}`,
    () => new Intl.NumberFormat(intlLocale, { style: 'currency', currency }),
  );
  return format.format(minorUnits / 10 ** currencyDigits(currency));
}
