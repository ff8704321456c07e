import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { StatementPayment, YearlyStatement } from '#src/shared/statement-types.ts';
import { ratePercent } from '#src/shared/withholding.ts';
import { GREY, startPdf, WIDTH } from './pdf-layout';

// The yearly statement as a PDF (issue 46), in the reader's language: the payer, the payee, the year's
// totals, then each payment with its referrals, and the totals again; what section 107D withheld, and the
// net, where anything was (issue 46). Every word comes from
// messages/*.json (keys statement_pdf_*); pdf-layout.ts places them on A4, as it does Form CP58's.

const ZONE = 'Asia/Kuala_Lumpur';
// Talent, task, amount.
const COLUMNS = [{ width: 165 }, { width: 230 }, { width: WIDTH - 411, align: 'right' as const }];

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

  const pdf = startPdf({
    locale,
    title,
    author: statement.payer.name ?? m.app_name({}, o),
    subject: m.statement_pdf_period({ year }, o),
    createdAt: options.generatedAt,
  });
  const { doc, write, room, rule } = pdf;

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
    if (total.withheld > 0) {
      write(
        m.statement_withheld_and_net(
          { withheld: money(total.withheld, total.currency), net: money(total.net, total.currency) },
          o,
        ),
      );
    }
    write(m.statement_pdf_counts({ payments: String(total.payments), referrals: String(total.referrals) }, o), {
      color: GREY,
    });
  }
  doc.moveDown(1);

  // Each payment with its referrals
  const table = pdf.table(COLUMNS);
  const payment = (p: StatementPayment) => {
    room(70);
    write(m.statement_pdf_payment({ date: date(p.paidAt), id: String(p.id) }, o), { bold: true });
    if (p.reference) write(m.statement_pdf_reference({ reference: p.reference }, o), { color: GREY, size: 9 });
    doc.moveDown(0.3);
    table.head([m.statement_pdf_col_talent({}, o), m.statement_pdf_col_task({}, o), m.statement_pdf_col_amount({}, o)]);
    for (const r of p.referrals) {
      table.row([talentDisplayName(r.talentName, o), `${r.taskCode} · ${r.taskTitle}`, money(r.amount, r.currency)]);
    }
    table.endHead();
    rule();
    table.row(['', m.statement_pdf_payment_total({}, o), money(p.amount, p.currency)], { bold: true });
    // Section 107D (issue 46): what was withheld from this payment for the Inland Revenue Board, and the net.
    if (p.withheld > 0) {
      const rate = ratePercent(p.withholdingRate ?? 0);
      table.row(['', m.withholding_withheld_rate({ rate }, o), `−${money(p.withheld, p.currency)}`]);
      table.row(['', m.withholding_net_paid({}, o), money(p.net, p.currency)], { bold: true });
    }
    doc.moveDown(0.8);
  };
  if (statement.payments.length > 0) {
    write(m.statement_pdf_payments({}, o), { bold: true, size: 11, gap: 0.3 });
    for (const p of statement.payments) payment(p);
    room(40 + 16 * statement.totals.length);
    rule();
    for (const total of statement.totals) {
      table.row(['', m.statement_pdf_year_total({ year }, o), money(total.amount, total.currency)], { bold: true });
      if (total.withheld > 0) {
        table.row(['', m.statement_pdf_year_withheld({ year }, o), `−${money(total.withheld, total.currency)}`]);
        table.row(['', m.statement_pdf_year_net({ year }, o), money(total.net, total.currency)], { bold: true });
      }
    }
    doc.moveDown(1);
  }

  room(60);
  if (statement.totals.some((total) => total.withheld > 0)) {
    write(m.statement_withheld_note({}, o), { size: 8, color: GREY, gap: 0.3 });
  }
  write(m.statement_pdf_note({}, o), { size: 8, color: GREY });

  return pdf.finish(
    (page, pages) =>
      `${m.statement_pdf_generated({ date: date(options.generatedAt) }, o)} · ${m.statement_pdf_page({ page: String(page), pages: String(pages) }, o)}`,
  );
}

/** "statement-2026-17.pdf": the year and the recruiter's id; nothing personal in a file name. */
export const statementFileName = (statement: YearlyStatement) =>
  `statement-${statement.year}-${statement.recruiter.id}.pdf`;
