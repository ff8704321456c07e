// Money is stored in integer minor units (server database.ts); forms carry major units as typed. The number of
// minor digits is the currency's (JPY 0, MYR 2, KWD 3), from Intl. Shared by the server and formatMoney.
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export const toMinorUnits = (major: number, currency: string) => Math.round(major * 10 ** currencyDigits(currency));

export const toMajorUnits = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency);

/** An amount in minor units for people ("MYR 1,500.00", "RM 1,500.00"): the screens and the e-mails alike. */
export function formatMinorUnits(minorUnits: number, currency: string, intlLocale: string): string {
  return new Intl.NumberFormat(intlLocale, { style: 'currency', currency }).format(
    minorUnits / 10 ** currencyDigits(currency),
  );
}
