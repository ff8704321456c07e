import { DownloadButton } from '#src/components/download-button.tsx';
import { type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { downloadCp58Pdf } from '#src/features/admin-paperwork/api.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { Cp58Row } from '#src/shared/cp58-types.ts';
import { CP58_MISSING_LABELS, CP58_STATUS_BADGES, CP58_STATUS_LABELS } from './cp58-labels';

// The year's Form CP58 list: a table at the admins' 1280 and 1440 px, cards on a phone, as the other admin
// lists. Each recruiter with what they were paid in ringgit, why they are listed, what their form lacks, and
// every version issued (each one downloadable); a form that is ready gets its Issue button.

type Item = Cp58Row & { id: number };
export type Cp58ListProps = {
  year: number;
  rows: Cp58Row[];
  /** False while the payer's own details are incomplete: nothing can be issued. */
  canIssue: boolean;
  issuing: number | null;
  onIssue: (row: Cp58Row) => void;
};

/** Ready for a new version: complete, and not issued or changed since. */
export const isReady = (row: Cp58Row) => row.missing.length === 0 && row.status !== 'ISSUED';

function Recruiter({ row }: { row: Cp58Row }) {
  return (
    <>
      <div className="font-semibold">
        {row.recruiter.name}
        {!row.recruiter.active && (
          <span className="badge badge-ghost badge-sm ms-2">{m.admin_recruiters_status_deactivated()}</span>
        )}
      </div>
      <div className="text-xs text-base-content/70">{row.recruiter.email}</div>
    </>
  );
}

function Paid({ row }: { row: Cp58Row }) {
  return (
    <>
      <div className="font-semibold tabular-nums" data-testid="cp58-paid">
        {formatMoney(row.paid.amount, 'MYR')}
      </div>
      <div className="text-xs text-base-content/70">
        {m.admin_cp58_payments_count({ count: String(row.paid.payments) })}
      </div>
      {row.otherCurrencies.length > 0 && (
        <div className="text-xs text-warning-content/80" data-testid="cp58-other-currencies">
          {m.admin_cp58_other_currencies({
            amounts: row.otherCurrencies.map((o) => formatMoney(o.amount, o.currency)).join(', '),
          })}
        </div>
      )}
    </>
  );
}

function Reasons({ row }: { row: Cp58Row }) {
  const reasons: string[] = [];
  if (row.overThreshold) reasons.push(m.admin_cp58_reason_over());
  if (row.request) reasons.push(m.admin_cp58_reason_requested({ date: formatDate(row.request.requestedAt) }));
  if (reasons.length === 0 && row.forms.length > 0) reasons.push(m.admin_cp58_reason_issued_before());
  return (
    <ul className="text-sm" data-testid="cp58-reasons">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

function Details({ row }: { row: Cp58Row }) {
  if (row.missing.length === 0)
    return (
      <span className="text-sm text-success" data-testid="cp58-details">
        {m.admin_cp58_complete()}
      </span>
    );
  return (
    <div className="flex flex-wrap gap-1" data-testid="cp58-details">
      {row.missing.map((missing) => (
        <span key={missing} className="badge badge-soft badge-error badge-sm whitespace-nowrap">
          {CP58_MISSING_LABELS[missing]()}
        </span>
      ))}
    </div>
  );
}

function Form({ row }: { row: Cp58Row }) {
  return (
    <div className="space-y-1">
      <span
        className={`badge badge-soft badge-sm whitespace-nowrap ${CP58_STATUS_BADGES[row.status]}`}
        data-testid="cp58-status"
      >
        {CP58_STATUS_LABELS[row.status]()}
      </span>
      {row.forms.map((form) => (
        <div key={form.id} className="text-xs" data-testid="cp58-version">
          <div>
            {m.admin_cp58_version({
              version: String(form.version),
              date: formatDate(form.issuedAt),
              name: form.issuedBy?.name ?? '—',
            })}
          </div>
          {form.correctsVersion !== null && (
            <div className="text-base-content/70">
              {m.admin_cp58_corrects({ version: String(form.correctsVersion) })}
            </div>
          )}
          <DownloadButton
            className="btn btn-xs btn-ghost px-1"
            label={m.admin_cp58_download_version({ version: String(form.version) })}
            download={() => downloadCp58Pdf(form.id)}
          />
        </div>
      ))}
    </div>
  );
}

function IssueButton({ row, canIssue, issuing, onIssue }: { row: Cp58Row } & Omit<Cp58ListProps, 'rows' | 'year'>) {
  if (!isReady(row)) return null;
  const busy = issuing === row.recruiter.id;
  return (
    <button
      type="button"
      className="btn btn-xs btn-primary"
      disabled={!canIssue || issuing !== null}
      aria-busy={busy}
      aria-label={m.admin_cp58_issue_label({ name: row.recruiter.name })}
      onClick={() => onIssue(row)}
    >
      {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {row.status === 'CHANGED' ? m.admin_cp58_issue_correction() : m.admin_cp58_issue_one()}
    </button>
  );
}

// A function: the headings are read in the current language at each render.
const columns = (props: Cp58ListProps): Column<Item>[] => [
  { header: m.admin_cp58_col_recruiter(), cell: (row) => <Recruiter row={row} /> },
  {
    header: m.admin_cp58_col_paid({ year: String(props.year) }),
    className: 'text-right',
    cell: (row) => <Paid row={row} />,
  },
  { header: m.admin_cp58_col_reason(), cell: (row) => <Reasons row={row} /> },
  { header: m.admin_cp58_col_details(), cell: (row) => <Details row={row} /> },
  { header: m.admin_cp58_col_form(), cell: (row) => <Form row={row} /> },
  {
    header: <span className="sr-only">{m.admin_cp58_col_actions()}</span>,
    actions: true,
    cell: (row) => <IssueButton row={row} {...props} />,
  },
];

export function Cp58List(props: Cp58ListProps) {
  const items: Item[] = props.rows.map((row) => ({ ...row, id: row.recruiter.id }));
  return (
    <TableAndCards
      label={m.admin_cp58_list_label()}
      items={items}
      columns={columns(props)}
      compact
      rowTestId="cp58-row"
      cardTestId="cp58-card"
      card={(row) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Recruiter row={row} />
            </div>
            <div className="text-right">
              <Paid row={row} />
            </div>
          </div>
          <Reasons row={row} />
          <Details row={row} />
          <Form row={row} />
          <div className="flex justify-end">
            <IssueButton row={row} {...props} />
          </div>
        </>
      )}
    />
  );
}
