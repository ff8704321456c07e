import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '#src/components/download-button.tsx';
import { SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import {
  downloadWithholdingCsv,
  withholdingMarksQueryOptions,
  withholdingMonthQueryOptions,
} from '#src/features/admin-payments/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { idNumberText, PAYEE_ID_TYPE_LABELS } from '#src/lib/enum-labels/payee-labels.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';
import type { WithholdingMonth, WithholdingRow } from '#src/shared/withholding-types.ts';

// Admin › Payments › Section 107D (issue 46): per month (Malaysia time), the amounts withheld from the
// payments paid that month, with what Form CP107D (e-107D) asks about each payee and the day by which each
// must be remitted to the Inland Revenue Board; the month as CSV; and who is marked for the month's year.
// The product prepares these figures; the admin files and pays on the Board's own site.

const ZONE = 'Asia/Kuala_Lumpur';

/** The Malaysian month now, 'YYYY-MM'. */
export const malaysiaMonth = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);

/** "January 2027", in the reader's language. */
const monthName = (month: string) =>
  new Intl.DateTimeFormat(currentIntlLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** 'YYYY-MM-DD' (a Malaysian day) as people read a date. */
const dayText = (day: string) => formatDate(`${day}T00:00:00+08:00`, { timeZone: ZONE });

type Row = WithholdingRow & { id: number };

function Payee({ row }: { row: WithholdingRow }) {
  if (!row.payee) {
    return (
      <>
        <div className="font-semibold">{row.recruiterName}</div>
        <span className="badge badge-warning badge-soft badge-sm" data-testid="withholding-payee-missing">
          {m.withholding_payee_missing()}
        </span>
      </>
    );
  }
  return (
    <>
      <div className="font-semibold">{row.payee.fullName}</div>
      <div className="text-xs text-base-content/70">{row.recruiterName}</div>
    </>
  );
}

function Identity({ row }: { row: WithholdingRow }) {
  if (!row.payee) return <>—</>;
  return (
    <>
      <div className="font-mono text-xs">
        {PAYEE_ID_TYPE_LABELS[row.payee.idType]()}: {idNumberText(row.payee.idType, row.payee.idNumber)}
      </div>
      <div className="font-mono text-xs">
        {m.withholding_tax_number({ number: row.payee.taxNumber ?? m.payee_not_given() })}
      </div>
    </>
  );
}

const columns = (): Column<Row>[] => [
  {
    header: m.withholding_col_paid(),
    className: 'whitespace-nowrap text-sm',
    cell: (row) => (
      <>
        {formatDate(row.paidAt, { timeZone: ZONE })}
        <div className="font-mono text-xs text-base-content/70">#{row.paymentId}</div>
      </>
    ),
  },
  { header: m.withholding_col_payee(), cell: (row) => <Payee row={row} /> },
  { header: m.withholding_col_identity(), cell: (row) => <Identity row={row} /> },
  { header: m.admin_payments_col_reference(), className: 'text-sm', cell: (row) => row.reference ?? '—' },
  {
    header: m.withholding_gross(),
    className: 'text-right tabular-nums',
    cell: (row) => formatMoney(row.gross, row.currency),
  },
  {
    header: m.withholding_col_withheld(),
    className: 'text-right tabular-nums font-semibold',
    testId: 'withholding-withheld',
    cell: (row) => formatMoney(row.withheld, row.currency),
  },
  {
    header: m.withholding_col_remit_by(),
    className: 'whitespace-nowrap text-sm',
    testId: 'withholding-remit-by',
    cell: (row) => dayText(row.remitBy),
  },
];

export function WithholdingPanel({ month, onMonth }: { month: string; onMonth: (month: string) => void }) {
  const query = useQuery({ ...withholdingMonthQueryOptions(month), placeholderData: (prev) => prev });
  const data = query.data;
  const months = [...new Set([malaysiaMonth(), month, ...(data?.months ?? [])])].sort().reverse();
  return (
    <section className="space-y-4" aria-labelledby="withholding-heading">
      <div className="space-y-1">
        <h2 id="withholding-heading" className="text-lg font-semibold">
          {m.withholding_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.withholding_intro()}</p>
        <p className="text-sm text-base-content/70">{m.withholding_remit_rule()}</p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          id="withholding-month"
          label={m.withholding_month_label()}
          className="select-sm"
          value={month}
          onChange={(event) => onMonth(event.currentTarget.value)}
          options={months.map((value) => ({ value, label: monthName(value) }))}
        />
        <DownloadButton label={m.withholding_export()} download={() => downloadWithholdingCsv(month)} />
      </div>
      {query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {data && <WithholdingMonthView data={data} />}
      <MarkedRecruiters year={Number(month.slice(0, 4))} />
    </section>
  );
}

function WithholdingMonthView({ data }: { data: WithholdingMonth }) {
  if (data.rows.length === 0) return <EmptyState title={m.withholding_empty({ month: monthName(data.month) })} />;
  return (
    <div className="space-y-3">
      <ul
        className="grid gap-2 sm:grid-cols-2"
        aria-label={m.withholding_totals_label({ month: monthName(data.month) })}
      >
        {data.totals.map((total) => (
          <li
            key={total.currency}
            className="rounded-box border border-base-300 bg-base-100 px-4 py-3"
            data-testid="withholding-total"
          >
            <p className="text-sm text-base-content/70">
              {m.withholding_total_label({ month: monthName(data.month) })}
            </p>
            <p className="text-xl font-semibold tabular-nums">{formatMoney(total.withheld, total.currency)}</p>
            <p className="text-xs text-base-content/70">
              {m.withholding_total_detail({
                count: String(total.payments),
                gross: formatMoney(total.gross, total.currency),
              })}
            </p>
          </li>
        ))}
      </ul>
      {data.remitBy && (
        <p className="text-sm font-medium" data-testid="withholding-first-due">
          {m.withholding_first_due({ date: dayText(data.remitBy) })}
        </p>
      )}
      <TableAndCards
        label={m.withholding_list_label({ month: monthName(data.month) })}
        items={data.rows.map((row) => ({ ...row, id: row.paymentId }))}
        columns={columns()}
        compact
        rowTestId="withholding-row"
        cardTestId="withholding-card"
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Payee row={row} />
              </div>
              <p className="text-lg font-semibold tabular-nums">{formatMoney(row.withheld, row.currency)}</p>
            </div>
            <Identity row={row} />
            <p className="text-xs text-base-content/70">
              {formatDate(row.paidAt, { timeZone: ZONE })} · #{row.paymentId} · {row.reference ?? '—'} ·{' '}
              {m.withholding_gross()}: {formatMoney(row.gross, row.currency)}
            </p>
            <p className="text-sm font-medium">{m.withholding_remit_by({ date: dayText(row.remitBy) })}</p>
          </>
        )}
      />
    </div>
  );
}

function MarkedRecruiters({ year }: { year: number }) {
  const query = useQuery(withholdingMarksQueryOptions(year));
  return (
    <section aria-labelledby="withholding-marks" className="space-y-2">
      <h3 id="withholding-marks" className="font-semibold">
        {m.withholding_marks_heading({ year: String(year) })}
      </h3>
      <p className="text-sm text-base-content/70">{m.withholding_marks_intro({ year: String(year - 1) })}</p>
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data && query.data.length === 0 && (
        <p className="text-sm">{m.withholding_marks_none({ year: String(year) })}</p>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {query.data.map((mark) => (
            <li
              key={mark.recruiterId}
              className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm"
              data-testid="withholding-mark"
            >
              <span className="font-medium">{mark.recruiterName}</span>
              <span className="tabular-nums text-base-content/70">
                {m.withholding_mark_paid({ year: String(year - 1), amount: formatMoney(mark.paidAmount, 'MYR') })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
