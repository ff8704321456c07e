import { stringify } from 'csv-stringify/sync';
import { DEFAULT_TIMEZONE } from '../../../shared/constants';
import { currencyDigits, toMajorUnits } from '../../../shared/money';
import type { PaymentRow, PayoutDetails } from '../../../shared/payment-types';

// The payments export: one line per payment, amounts in major units beside their currency, times in
// Asia/Kuala_Lumpur (the zone is in the column names). Headers stay English: a file for spreadsheets
// and accounting tools, whatever the admin's interface language.

export const PAYMENT_CSV_COLUMNS = [
  'Payment ID',
  'Status',
  'Recruiter',
  'Recruiter e-mail',
  'Amount',
  'Currency',
  'Referrals',
  'Reference',
  `Created at (${DEFAULT_TIMEZONE})`,
  `Paid at (${DEFAULT_TIMEZONE})`,
  'Bank name',
  'Bank account name',
  'Bank account number',
] as const;

const dateTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIMEZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-22 10:00:00" in Asia/Kuala_Lumpur; '' for no time. */
export function csvDateTime(iso: string | null): string {
  if (!iso) return '';
  const parts = Object.fromEntries(dateTime.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** "1234.50" for 123450 MYR, "1500" for 1500 JPY: major units with the currency's digits, no grouping. */
export const csvAmount = (minor: number, currency: string) =>
  toMajorUnits(minor, currency).toFixed(currencyDigits(currency));

// A text cell starting with =, +, - or @ gets a leading ' so a spreadsheet shows it instead of running it.
const text = (cell: string | null) => (cell && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : (cell ?? ''));

export function paymentRecords(payments: Array<PaymentRow & { payout: PayoutDetails }>): string[][] {
  return payments.map((p) => [
    String(p.id),
    p.status,
    text(p.recruiterName),
    text(p.recruiterEmail),
    csvAmount(p.amount, p.currency),
    p.currency,
    String(p.referralCount),
    text(p.reference),
    csvDateTime(p.createdAt),
    csvDateTime(p.paidAt),
    text(p.payout.bankName),
    text(p.payout.bankAccountName),
    text(p.payout.bankAccountNumber),
  ]);
}

// RFC 4180 text written by csv-stringify, with CRLF line ends and a BOM so spreadsheet tools read
// UTF-8 (names in Chinese or Malay).
export function paymentsCsv(payments: Array<PaymentRow & { payout: PayoutDetails }>): string {
  return stringify([[...PAYMENT_CSV_COLUMNS], ...paymentRecords(payments)], { bom: true, record_delimiter: 'windows' });
}
