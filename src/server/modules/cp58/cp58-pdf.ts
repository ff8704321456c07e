import { m } from '#src/paraglide/messages.js';
import { GREY, startPdf, WIDTH } from '#src/server/modules/statements/pdf-layout.ts';
import type { Cp58Kind } from '#src/shared/cp58-types.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { MalaysianState } from '#src/shared/payee-schemas.ts';
import type { Cp58Content } from './cp58-store';

// Form CP58 as a PDF (issue 46; Income Tax Act 1967, s83A), in the recruiter's language: the form's parts
// in their order (A the payer, B the payee, C the incentives paid in the year by kind, with the total), the
// payments that make up the amount, the version and what it corrects, and that the payer prepared it from
// its records. Rendered once, when issued; the bytes are kept (cp58-store.ts). Talents' names are not on
// it: the form is about the payee's income, and the statement already lists each referral for them.
// pdf-layout.ts places the words on A4, as it does the yearly statement's.

const ZONE = 'Asia/Kuala_Lumpur';
const LABEL_WIDTH = 170;
const FIELDS = [{ width: LABEL_WIDTH }, { width: WIDTH - LABEL_WIDTH - 8 }];
// Kind, amount; then the payments' date, number, bank reference and amount.
const PART_C = [{ width: 380 }, { width: WIDTH - 388, align: 'right' as const }];
const PAYMENTS = [{ width: 110 }, { width: 80 }, { width: 182 }, { width: WIDTH - 388, align: 'right' as const }];

// A Malaysian address names its state as the state names itself, in every language of the form.
const STATE_NAMES: Record<MalaysianState, string> = {
  JOHOR: 'Johor',
  KEDAH: 'Kedah',
  KELANTAN: 'Kelantan',
  MELAKA: 'Melaka',
  NEGERI_SEMBILAN: 'Negeri Sembilan',
  PAHANG: 'Pahang',
  PERAK: 'Perak',
  PERLIS: 'Perlis',
  PULAU_PINANG: 'Pulau Pinang',
  SABAH: 'Sabah',
  SARAWAK: 'Sarawak',
  SELANGOR: 'Selangor',
  TERENGGANU: 'Terengganu',
  KUALA_LUMPUR: 'Wilayah Persekutuan Kuala Lumpur',
  LABUAN: 'Wilayah Persekutuan Labuan',
  PUTRAJAYA: 'Wilayah Persekutuan Putrajaya',
};

/** "900615-14-5071": a MyKad number as it is printed on the card; a passport's as stored. */
export const printedIdNumber = (idType: string, idNumber: string) =>
  idType === 'MYKAD' && /^\d{12}$/.test(idNumber)
    ? `${idNumber.slice(0, 6)}-${idNumber.slice(6, 8)}-${idNumber.slice(8)}`
    : idNumber;

export type Cp58PdfInput = {
  content: Cp58Content;
  year: number;
  version: number;
  correctsVersion: number | null;
  issuedAt: Date;
  locale: AppLocale;
};

export async function renderCp58Pdf(input: Cp58PdfInput): Promise<Buffer> {
  const { content, locale } = input;
  const { figures, payer, payee } = content;
  const o = { locale };
  const intl = INTL_LOCALES[locale];
  const money = (amount: number) => formatMinorUnits(amount, figures.currency, intl);
  const day = new Intl.DateTimeFormat(intl, { timeZone: ZONE, day: 'numeric', month: 'short', year: 'numeric' });
  const date = (at: string | Date) => day.format(typeof at === 'string' ? new Date(at) : at);
  const year = String(input.year);
  const title = m.cp58_pdf_title({}, o);
  const subtitle = m.cp58_pdf_subtitle({ year }, o);

  const pdf = startPdf({
    locale,
    title: `${title} ${year}`,
    author: payer.name ?? m.app_name({}, o),
    subject: subtitle,
    createdAt: input.issuedAt,
  });
  const { doc, write, room, rule } = pdf;
  const notGiven = m.cp58_pdf_not_given({}, o);
  const fields = pdf.table(FIELDS);
  const field = (label: string, value: string | null) => fields.row([label, value || notGiven]);
  const part = (heading: string) => {
    room(90);
    write(heading, { bold: true, size: 11 });
    doc.moveDown(0.2);
    rule();
  };

  write(title, { bold: true, size: 18 });
  write(subtitle, { size: 11 });
  write(m.cp58_pdf_law({}, o), { color: GREY, size: 9 });
  write(m.cp58_pdf_period({ year }, o), { color: GREY, size: 9, gap: 0.5 });
  write(
    input.correctsVersion === null
      ? m.cp58_pdf_version_first({ date: date(input.issuedAt) }, o)
      : m.cp58_pdf_version_correction(
          { version: String(input.version), corrects: String(input.correctsVersion), date: date(input.issuedAt) },
          o,
        ),
    { bold: input.correctsVersion !== null, gap: 1 },
  );

  part(m.cp58_pdf_part_a({}, o));
  field(m.cp58_pdf_name({}, o), payer.name);
  field(m.cp58_pdf_registration({}, o), payer.registrationNumber);
  field(m.cp58_pdf_employer_number({}, o), payer.employerNumber);
  field(m.cp58_pdf_address({}, o), payer.addressLines.join('\n'));
  field(m.cp58_pdf_phone({}, o), payer.phone);
  doc.moveDown(1);

  part(m.cp58_pdf_part_b({}, o));
  field(m.cp58_pdf_payee_name({}, o), payee.fullName);
  field(
    payee.idType === 'MYKAD' ? m.cp58_pdf_mykad({}, o) : m.cp58_pdf_passport({}, o),
    printedIdNumber(payee.idType, payee.idNumber),
  );
  field(m.cp58_pdf_tax_number({}, o), payee.taxNumber);
  const { address } = payee;
  field(
    m.cp58_pdf_address({}, o),
    [address.line1, address.line2, address.line3, `${address.postcode} ${address.city}`, STATE_NAMES[address.state]]
      .filter(Boolean)
      .join('\n'),
  );
  doc.moveDown(1);

  part(m.cp58_pdf_part_c({ year }, o));
  const kinds: Record<Cp58Kind, string> = {
    CASH: m.cp58_pdf_kind_cash({}, o),
    IN_KIND: m.cp58_pdf_kind_in_kind({}, o),
  };
  const partC = pdf.table(PART_C);
  partC.head([m.cp58_pdf_col_kind({}, o), m.cp58_pdf_col_amount({}, o)]);
  for (const line of figures.lines) partC.row([kinds[line.kind], money(line.amount)]);
  partC.endHead();
  rule();
  partC.row([m.cp58_pdf_total({}, o), money(figures.total)], { bold: true });
  write(m.cp58_pdf_myr_only({}, o), { color: GREY, size: 8, gap: 1 });

  room(70);
  write(m.cp58_pdf_payments({}, o), { bold: true, size: 10, gap: 0.3 });
  if (figures.payments.length === 0) {
    write(m.cp58_pdf_no_payments({ year }, o), { gap: 1 });
  } else {
    const payments = pdf.table(PAYMENTS);
    payments.head([
      m.cp58_pdf_col_date({}, o),
      m.cp58_pdf_col_payment({}, o),
      m.cp58_pdf_col_reference({}, o),
      m.cp58_pdf_col_amount({}, o),
    ]);
    for (const p of figures.payments) payments.row([date(p.paidAt), `#${p.id}`, p.reference ?? '', money(p.amount)]);
    payments.endHead();
    rule();
    payments.row(['', '', m.cp58_pdf_total({}, o), money(figures.total)], { bold: true });
    doc.moveDown(1);
  }

  room(60);
  write(m.cp58_pdf_prepared({}, o), { size: 9 });

  return pdf.finish((page, pages) =>
    m.cp58_pdf_footer({ year, version: String(input.version), page: String(page), pages: String(pages) }, o),
  );
}

/** "cp58-2026-17-v2.pdf": the year, the recruiter's id and the version; nothing personal in a file name. */
export const cp58FileName = (form: { year: number; recruiterId: number; version: number }) =>
  `cp58-${form.year}-${form.recruiterId}-v${form.version}.pdf`;
