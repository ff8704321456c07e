import PDFDocument from 'pdfkit';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { StatementPayment, YearlyStatement } from '#src/shared/statement-types.ts';
import { pdfFonts } from './pdf-fonts';

// The yearly statement as a PDF (issue 46), in the reader's language: the payer, the payee, the year's
// totals, then each payment with its referrals, and the totals again. Every word comes from
// messages/*.json (keys statement_pdf_*); this file only lays them out on A4.

const ZONE = 'Asia/Kuala_Lumpur';
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const LEFT = 50;
const RIGHT = 545;
const WIDTH = RIGHT - LEFT;
const BOTTOM = PAGE_HEIGHT - 70; // room for the footer
const COLUMNS = {
  talent: { x: LEFT, width: 165 },
  task: { x: LEFT + 173, width: 230 },
  amount: { x: LEFT + 411, width: WIDTH - 411 },
};
const GREY = '#555555';
const RULE = '#bbbbbb';

export type StatementPdfOptions = { locale: AppLocale; generatedAt: Date };

export async function renderStatementPdf(statement: YearlyStatement, options: StatementPdfOptions): Promise<Buffer> {
  const { locale } = options;
  const o = { locale };
  const intl = INTL_LOCALES[locale];
  const money = (amount: number, currency: string) => formatMinorUnits(amount, currency, intl);
  const day = new Intl.DateTimeFormat(intl, { timeZone: ZONE, day: 'numeric', month: 'short', year: 'numeric' });
  const date = (iso: string | Date) => day.format(typeof iso === 'string' ? new Date(iso) : iso);
  const year = String(statement.year);
  const title = m.statement_pdf_title({ year }, o);

  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 50, bottom: 50, left: LEFT, right: PAGE_WIDTH - RIGHT },
    bufferPages: true,
    // A parsed font, not a name: pdfkit takes a fontkit font as it is (its types say string only), and
    // never loads its built-in Helvetica, which draws no Chinese.
    font: fonts.regular as unknown as string,
    lang: { en: 'en', ms: 'ms', zh: 'zh-CN' }[locale],
    displayTitle: true,
    info: {
      Title: title,
      Author: statement.payer.name ?? m.app_name({}, o),
      Subject: m.statement_pdf_period({ year }, o),
      CreationDate: options.generatedAt,
    },
  });
  doc.registerFont('regular', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  const write = (text: string, style: { bold?: boolean; size?: number; color?: string; gap?: number } = {}) => {
    doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? 'black')
      .text(text, LEFT, doc.y, { width: WIDTH });
    if (style.gap) doc.moveDown(style.gap);
  };
  const room = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };
  const rule = () => {
    doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y += 4;
  };
  // The table's column names, drawn again at the top of a page a payment's referrals run onto.
  let header: (() => void) | null = null;
  const cellStyle = (style: { bold?: boolean; color?: string }) =>
    doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(style.color ?? 'black');
  /** One line of three cells, as high as its tallest cell; a new page first when it does not fit. */
  const row = (cells: { talent: string; task: string; amount: string }, style: { bold?: boolean; color?: string }) => {
    cellStyle(style);
    const height = Math.max(
      doc.heightOfString(cells.talent || ' ', { width: COLUMNS.talent.width }),
      doc.heightOfString(cells.task || ' ', { width: COLUMNS.task.width }),
      doc.heightOfString(cells.amount || ' ', { width: COLUMNS.amount.width }),
    );
    if (doc.y + height + 4 > BOTTOM) {
      doc.addPage();
      const repeat = header;
      header = null;
      repeat?.();
      header = repeat;
      cellStyle(style);
    }
    const top = doc.y;
    doc.text(cells.talent, COLUMNS.talent.x, top, { width: COLUMNS.talent.width });
    doc.text(cells.task, COLUMNS.task.x, top, { width: COLUMNS.task.width });
    doc.text(cells.amount, COLUMNS.amount.x, top, { width: COLUMNS.amount.width, align: 'right' });
    doc.x = LEFT;
    doc.y = top + height + 4;
  };

  // Title and period
  write(title, { bold: true, size: 16 });
  write(m.statement_pdf_period({ year }, o), { color: GREY, gap: 1 });

  // Who paid, and whom
  const { payer, recruiter } = statement;
  if (payer.name) {
    write(m.statement_pdf_payer({}, o), { bold: true, size: 11 });
    write(payer.name);
    if (payer.registrationNumber) write(m.statement_pdf_registration({ number: payer.registrationNumber }, o));
    if (payer.employerNumber) write(m.statement_pdf_employer_number({ number: payer.employerNumber }, o));
    for (const line of payer.addressLines) write(line);
    if (payer.phone) write(m.statement_pdf_phone({ phone: payer.phone }, o));
    doc.moveDown(1);
  }
  write(m.statement_pdf_payee({}, o), { bold: true, size: 11 });
  write(recruiter.name);
  write(recruiter.email, { color: GREY, gap: 1 });

  // The year at a glance
  write(m.statement_pdf_summary({}, o), { bold: true, size: 11 });
  if (statement.payments.length === 0) write(m.statement_pdf_none({ year }, o), { gap: 1 });
  for (const total of statement.totals) {
    write(m.statement_pdf_total_paid({ amount: money(total.amount, total.currency) }, o));
    write(m.statement_pdf_counts({ payments: String(total.payments), referrals: String(total.referrals) }, o), {
      color: GREY,
    });
  }
  doc.moveDown(1);

  // Each payment with its referrals
  const columns = () => {
    row(
      {
        talent: m.statement_pdf_col_talent({}, o),
        task: m.statement_pdf_col_task({}, o),
        amount: m.statement_pdf_col_amount({}, o),
      },
      { bold: true, color: GREY },
    );
    rule();
  };
  const payment = (p: StatementPayment) => {
    room(70);
    write(m.statement_pdf_payment({ date: date(p.paidAt), id: String(p.id) }, o), { bold: true });
    if (p.reference) write(m.statement_pdf_reference({ reference: p.reference }, o), { color: GREY, size: 9 });
    doc.moveDown(0.3);
    columns();
    header = columns;
    for (const r of p.referrals) {
      row(
        {
          talent: talentDisplayName(r.talentName, o),
          task: `${r.taskCode} · ${r.taskTitle}`,
          amount: money(r.amount, r.currency),
        },
        {},
      );
    }
    header = null;
    rule();
    row(
      { talent: '', task: m.statement_pdf_payment_total({}, o), amount: money(p.amount, p.currency) },
      { bold: true },
    );
    doc.moveDown(0.8);
  };
  if (statement.payments.length > 0) {
    write(m.statement_pdf_payments({}, o), { bold: true, size: 11, gap: 0.3 });
    for (const p of statement.payments) payment(p);
    room(40 + 16 * statement.totals.length);
    rule();
    for (const total of statement.totals)
      row(
        { talent: '', task: m.statement_pdf_year_total({ year }, o), amount: money(total.amount, total.currency) },
        {
          bold: true,
        },
      );
    doc.moveDown(1);
  }

  room(40);
  write(m.statement_pdf_note({}, o), { size: 8, color: GREY });

  // The footer of every page, in the bottom margin (which pdfkit would otherwise take as a page break).
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i += 1) {
    doc.switchToPage(pages.start + i);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(
        `${m.statement_pdf_generated({ date: date(options.generatedAt) }, o)} · ${m.statement_pdf_page({ page: String(i + 1), pages: String(pages.count) }, o)}`,
        LEFT,
        PAGE_HEIGHT - 40,
        { width: WIDTH, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = margin;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** "statement-2026-17.pdf": the year and the recruiter's id; nothing personal in a file name. */
export const statementFileName = (statement: YearlyStatement) =>
  `statement-${statement.year}-${statement.recruiter.id}.pdf`;
