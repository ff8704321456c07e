import { stringify } from 'csv-stringify/sync';
import { currencyDigits, toMajorUnits } from '#src/shared/money.ts';
import type { PaymentRow, PayoutDetails } from '#src/shared/payment-types.ts';
import { wallClockParts } from '#src/shared/wall-clock.ts';
import { ratePercent } from '#src/shared/withholding.ts';

// The payments export: one line per payment, amounts in major units beside their currency, times in
// the exporting admin's own zone (their account setting, which their screens show times in; the zone
// is in the column names), and the file named for that zone's date, so the name and the rows agree.
// Headers stay English: a file for spreadsheets and accounting tools, whatever the interface language.
// Section 107D's columns (issue 46) come last, so a sheet that reads the older columns by position still
// reads them: 'Amount' stays the gross.

export const paymentCsvColumns = (timeZone: string) => [
  'Payment ID',
  'Status',
  'Recruiter',
  'Recruiter e-mail',
  'Amount',
  'Currency',
  'Referrals',
  'Reference',
  `Created at (${timeZone})`,
  `Paid at (${timeZone})`,
  'Bank name',
  'Bank account name',
  'Bank account number',
  'Withholding rate (%)',
  'Withheld (s107D)',
  'Net paid',
];

/** "2026-11-22 10:00:00" as the zone's clock read it; '' for no time. */
export function csvDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = wallClockParts(new Date(iso), timeZone);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "payments-paid-2026-11-23.csv": the export's filter and the day it was made, in the rows' zone. */
export function paymentsCsvFileName(filter: string, now: Date, timeZone: string): string {
  const parts = wallClockParts(now, timeZone);
  return `payments-${filter.toLowerCase()}-${parts.year}-${parts.month}-${parts.day}.csv`;
}

/** "1234.50" for 123450 MYR, "1500" for 1500 JPY: major units with the currency's digits, no grouping. */
export const csvAmount = (minor: number, currency: string) =>
  toMajorUnits(minor, currency).toFixed(currencyDigits(currency));

// A text cell starting with =, +, - or @ gets a leading ' so a spreadsheet shows it instead of running it.
export const csvText = (cell: string | null) => (cell && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : (cell ?? ''));

export function paymentRecords(payments: Array<PaymentRow & { payout: PayoutDetails }>, timeZone: string): string[][] {
  return payments.map((p) => [
    String(p.id),
    p.status,
    csvText(p.recruiterName),
    csvText(p.recruiterEmail),
    csvAmount(p.amount, p.currency),
    p.currency,
    String(p.referralCount),
    csvText(p.reference),
    csvDateTime(p.createdAt, timeZone),
    csvDateTime(p.paidAt, timeZone),
    csvText(p.payout.bankName),
    csvText(p.payout.bankAccountName),
    csvText(p.payout.bankAccountNumber),
    p.withholdingRate === null ? '' : ratePercent(p.withholdingRate),
    csvAmount(p.withheld, p.currency),
    csvAmount(p.net, p.currency),
  ]);
}

// RFC 4180 text written by csv-stringify, with CRLF line ends and a BOM so spreadsheet tools read
// UTF-8 (names in Chinese or Malay). Every cell holding a separator (`,` here, `;` where a European
// spreadsheet splits on it, a tab) or a formula character anywhere is quoted: unquoted, `'-2+3;=1+1`
// opened with `;` as the separator becomes a second cell that is a live formula.
export const writeCsv = (records: string[][]): string =>
  stringify(records, { bom: true, record_delimiter: 'windows', quoted_match: /[,;\t=+\-@|%]/ });

export function paymentsCsv(payments: Array<PaymentRow & { payout: PayoutDetails }>, timeZone: string): string {
  return writeCsv([paymentCsvColumns(timeZone), ...paymentRecords(payments, timeZone)]);
}
