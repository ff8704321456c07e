import { csvAmount, csvText, writeCsv } from '#src/server/modules/payments/payments-csv.ts';
import { ratePercent } from '#src/shared/withholding.ts';
import type { WithholdingMonth } from '#src/shared/withholding-types.ts';

// The month's amounts withheld under section 107D as CSV: one line per payment, with what Form CP107D
// (e-107D) asks about each payee; no total lines, which a tool reading the rows would count as payments
// (the screen shows the totals). As the payments CSV: English headers, major units beside their currency,
// a BOM, CRLF, and text a spreadsheet would run as a formula quoted. Days are Malaysia's, as the month is.

export const withholdingCsvColumns = [
  'Payment ID',
  'Paid on (Asia/Kuala_Lumpur)',
  'Remit by',
  'Recruiter',
  'Name as on identity card',
  'ID type',
  'IC or passport number',
  'Income tax number',
  'Reference',
  'Currency',
  'Gross',
  'Rate (%)',
  'Withheld',
  'Net paid',
];

const malaysiaDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

export function withholdingCsv(month: WithholdingMonth): string {
  const rows = month.rows.map((row) => [
    String(row.paymentId),
    malaysiaDay(row.paidAt),
    row.remitBy,
    csvText(row.recruiterName),
    csvText(row.payee?.fullName ?? null),
    row.payee?.idType ?? '',
    csvText(row.payee?.idNumber ?? null),
    csvText(row.payee?.taxNumber ?? null),
    csvText(row.reference),
    row.currency,
    csvAmount(row.gross, row.currency),
    ratePercent(row.rate),
    csvAmount(row.withheld, row.currency),
    csvAmount(row.net, row.currency),
  ]);
  return writeCsv([withholdingCsvColumns, ...rows]);
}

/** "withholding-107d-2027-01.csv". */
export const withholdingCsvFileName = (month: string) => `withholding-107d-${month}.csv`;
