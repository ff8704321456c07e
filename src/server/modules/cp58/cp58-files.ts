import { stringify } from 'csv-stringify/sync';
import { zipSync } from 'fflate';
import { csvAmount, csvDateTime } from '#src/server/modules/payments/payments-csv.ts';
import type { Cp58Payee } from '#src/shared/cp58-types.ts';
import type { Cp58State } from './cp58-list';
import { printedIdNumber } from './cp58-pdf';

// Issue 46: the year's Form CP58s as files for the admin: the whole list as CSV (what the payer hands the
// Inland Revenue Board when the Board asks for it), and every issued PDF in one ZIP. Both carry identity
// numbers, so each is a line per recruiter in the access record (cp58.routes.ts). Headers stay English, as
// the payments CSV's: a file for spreadsheets and accounting tools, whatever the interface language.

export const cp58CsvColumns = (timeZone: string) => [
  'Year',
  'Recruiter ID',
  'Account name',
  'Account e-mail',
  'Name as on identity card',
  'ID type',
  'ID number',
  'Income tax number',
  'Address',
  'Postcode',
  'City',
  'State',
  'Commission or incentive in cash (MYR)',
  'Incentives in kind (MYR)',
  'Total (MYR)',
  'Payments',
  'Paid in other currencies (not counted)',
  'Over threshold',
  `Requested at (${timeZone})`,
  'Missing',
  'Status',
  'Version',
  'Corrects version',
  `Issued at (${timeZone})`,
  'Issued by',
];

// A text cell starting with =, +, - or @ gets a leading ' so a spreadsheet shows it instead of running it.
const text = (cell: string | null | undefined) => (cell && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : (cell ?? ''));

/**
 * One line per recruiter of the year's list. A recruiter issued a form is described as the latest version
 * states it (the figures and the payee as issued: what they and the Board were given); one not issued yet,
 * as their details and payments stand today. `Status` says which, and CHANGED that today's differ.
 */
export function cp58Records(year: number, states: Cp58State[], timeZone: string): string[][] {
  return states.map((state) => {
    const issued = state.latest;
    const payee: Cp58Payee | null = issued ? issued.content.payee : state.payee;
    const figures = issued ? issued.content.figures : state.figures;
    const kind = (k: string) => figures.lines.find((line) => line.kind === k)?.amount ?? 0;
    const address = payee?.address;
    return [
      String(year),
      String(state.recruiter.id),
      text(state.recruiter.name),
      text(state.recruiter.email),
      text(payee?.fullName),
      payee?.idType ?? '',
      payee ? printedIdNumber(payee.idType, payee.idNumber) : '',
      text(payee?.taxNumber),
      text([address?.line1, address?.line2, address?.line3].filter(Boolean).join(', ')),
      text(address?.postcode),
      text(address?.city),
      address?.state ?? '',
      csvAmount(kind('CASH'), 'MYR'),
      csvAmount(kind('IN_KIND'), 'MYR'),
      csvAmount(figures.total, 'MYR'),
      String(figures.payments.length),
      state.otherCurrencies.map((o) => `${o.currency} ${csvAmount(o.amount, o.currency)}`).join('; '),
      state.overThreshold ? 'yes' : 'no',
      csvDateTime(state.request?.requestedAt ?? null, timeZone),
      state.missing.join(' '),
      state.status,
      issued ? String(issued.version) : '',
      issued?.correctsVersion ? String(issued.correctsVersion) : '',
      csvDateTime(issued?.issuedAt ?? null, timeZone),
      text(issued?.issuedBy?.name),
    ];
  });
}

// RFC 4180 with CRLF and a BOM, every cell holding a separator or a formula character quoted: the payments
// CSV's rules (payments-csv.ts says why).
export const cp58Csv = (year: number, states: Cp58State[], timeZone: string) =>
  stringify([cp58CsvColumns(timeZone), ...cp58Records(year, states, timeZone)], {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[,;\t=+\-@|%]/,
  });

/** The PDFs, stored as they are (a PDF is compressed already): `name → bytes`. */
export const cp58Zip = (files: Array<{ name: string; pdf: Buffer }>): Uint8Array =>
  zipSync(Object.fromEntries(files.map((file) => [file.name, [new Uint8Array(file.pdf), { level: 0 }]])));
