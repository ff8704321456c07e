import { useState } from 'react';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CallProofBadge, ConsentBadge, HiringBadge, RewardBadge } from '#src/components/status/referral-badges.tsx';
import { HIRING_STATUS_DEFAULTS, type HiringListFilters } from '#src/features/admin-referrals/search.ts';
import { CONSENT_FILTER_LABELS } from '#src/lib/enum-labels/consent-filter-labels.ts';
import { HIRING_LABELS, REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { talentContact, talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminReferralRow } from '#src/shared/admin-referral-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { CONSENT_FILTERS, HIRING_STATUSES, REWARD_FILTERS } from '#src/shared/enums.ts';
import { BulkActions } from './bulk-actions';

type ReferralListProps = {
  data: ListPage<AdminReferralRow>;
  filters: HiringListFilters;
  onChange: (patch: Partial<HiringListFilters>) => void;
  onOpen: (referralId: number) => void;
  /** Shares the selected referrals (all of one task) with the task's hiring company. */
  onShare?: (referrals: AdminReferralRow[]) => void;
};

/** A referral whose reward can still be decided: not in a payment. */
const decidable = (row: AdminReferralRow) =>
  row.paymentId === null && row.rewardStatus !== 'PENDING_PAYMENT' && row.rewardStatus !== 'PAID';

/** `stacked`: the count above the badge (the table's narrow column) rather than side by side (a card). */
function CallProofSummary({ row, stacked }: { row: AdminReferralRow; stacked?: boolean }) {
  const { total, needReview } = row.callProofs;
  if (total === 0) {
    return <span className="text-sm whitespace-normal text-base-content/60">{m.admin_hiring_no_call_proofs()}</span>;
  }
  return (
    <span
      className={`flex text-sm ${stacked ? 'flex-col items-start gap-px whitespace-nowrap' : 'flex-wrap items-center gap-1'}`}
    >
      <span className="tabular-nums">{m.admin_hiring_call_proof_count({ count: String(total) })}</span>
      {needReview > 0 && <CallProofBadge status="NEED_REVIEW" />}
    </span>
  );
}

function Reward({ row }: { row: AdminReferralRow }) {
  return (
    <span className="flex flex-col items-start gap-0.5">
      <RewardBadge status={row.rewardStatus} withdrawn={Boolean(row.consentWithdrawnAt)} />
      {row.rewardAmount !== null && row.rewardCurrency && (
        <span className="text-xs whitespace-nowrap tabular-nums">
          {formatMoney(row.rewardAmount, row.rewardCurrency)}
        </span>
      )}
    </span>
  );
}

// The table's text cells: one line, cut to what their column gets (see the table's note); max-w-full
// because a block button is as wide as its text, not its cell.
const CUT = 'block max-w-full truncate';

// Every recruiter's referrals: filters in the URL; a table with row selection on a desktop, cards on a
// phone or tablet. A task or recruiter name filters the list by it.
export function ReferralList({ data, filters, onChange, onOpen, onShare }: ReferralListProps) {
  // The selection belongs to the page it was made on: a new page, filter or refetch starts a new one.
  const [selection, setSelection] = useState<{ page: unknown; ids: Set<number> }>({ page: data, ids: new Set() });
  const selected = selection.page === data ? selection.ids : new Set<number>();
  const setSelected = (update: (current: Set<number>) => Set<number>) =>
    setSelection({ page: data, ids: update(selected) });
  const change = (patch: Partial<HiringListFilters>) => onChange({ ...patch, page: 1 });

  const selectable = data.items.filter(decidable);
  const allSelected = selectable.length > 0 && selectable.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(() => (allSelected ? new Set() : new Set(selectable.map((row) => row.id))));

  const filtered =
    filters.search !== '' ||
    filters.taskId !== undefined ||
    filters.recruiterId !== undefined ||
    filters.hiring !== '' ||
    filters.consent !== '' ||
    filters.reward !== '' ||
    filters.call !== 'ALL';
  const taskRow = filters.taskId ? data.items.find((row) => row.taskId === filters.taskId) : undefined;
  const recruiterRow = filters.recruiterId
    ? data.items.find((row) => row.recruiterId === filters.recruiterId)
    : undefined;
  const names = new Map(data.items.map((row) => [row.id, talentDisplayName(row.talentName)]));
  const selectedRows = data.items.filter((row) => selected.has(row.id));

  // In the table a long name is cut to one line: the tooltip shows it whole, then what a click does.
  const taskButton = (row: AdminReferralRow, cut = '') => (
    <button
      type="button"
      className={`link link-hover text-start text-sm ${cut}`}
      title={
        cut ? `${row.taskCode} · ${row.taskTitle}\n${m.admin_hiring_filter_by_task()}` : m.admin_hiring_filter_by_task()
      }
      onClick={() => change({ taskId: row.taskId })}
    >
      {row.taskCode} · {row.taskTitle}
    </button>
  );
  const recruiterButton = (row: AdminReferralRow, cut = '') => (
    <button
      type="button"
      className={`link link-hover text-start text-sm ${cut}`}
      title={
        cut ? `${row.recruiterName}\n${m.admin_hiring_filter_by_recruiter()}` : m.admin_hiring_filter_by_recruiter()
      }
      onClick={() => change({ recruiterId: row.recruiterId })}
    >
      {row.recruiterName}
    </button>
  );
  const openButton = (row: AdminReferralRow, cut = '') => (
    <button
      type="button"
      className={`link link-hover text-start font-semibold ${cut}`}
      title={cut ? talentDisplayName(row.talentName) : undefined}
      onClick={() => onOpen(row.id)}
    >
      {talentDisplayName(row.talentName)}
    </button>
  );
  const checkbox = (row: AdminReferralRow) => (
    <input
      type="checkbox"
      className="checkbox checkbox-sm"
      aria-label={m.admin_hiring_select_row({ name: talentDisplayName(row.talentName) })}
      checked={selected.has(row.id)}
      disabled={!decidable(row)}
      onChange={() => toggle(row.id)}
    />
  );

  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_hiring_filters_label()}</legend>
        <SearchBox
          id="hiring-search"
          label={m.admin_hiring_search_label()}
          value={filters.search}
          onSearch={(search) => change({ search })}
        />
        <FilterSelect
          id="hiring-hiring"
          label={m.admin_hiring_filter_hiring()}
          value={filters.hiring}
          onChange={(hiring) => change({ hiring })}
          options={[
            { value: '' as const, label: m.admin_hiring_filter_all() },
            ...HIRING_STATUSES.map((value) => ({ value, label: HIRING_LABELS[value]() })),
          ]}
        />
        <FilterSelect
          id="hiring-consent"
          label={m.admin_hiring_filter_consent()}
          value={filters.consent}
          onChange={(consent) => change({ consent })}
          options={[
            { value: '' as const, label: m.admin_hiring_filter_all() },
            ...CONSENT_FILTERS.map((value) => ({ value, label: CONSENT_FILTER_LABELS[value]() })),
          ]}
        />
        <FilterSelect
          id="hiring-reward"
          label={m.admin_hiring_filter_reward()}
          value={filters.reward}
          onChange={(reward) => change({ reward })}
          options={[
            { value: '' as const, label: m.admin_hiring_filter_all() },
            ...REWARD_FILTERS.map((value) => ({ value, label: REWARD_LABELS[value]() })),
          ]}
        />
        <FilterSelect
          id="hiring-call"
          label={m.admin_hiring_filter_call()}
          value={filters.call}
          onChange={(call) => change({ call })}
          options={[
            { value: 'ALL' as const, label: m.admin_hiring_call_all() },
            { value: 'NEED_REVIEW' as const, label: m.admin_hiring_call_need_review() },
          ]}
        />
      </fieldset>
      {(filters.taskId !== undefined || filters.recruiterId !== undefined) && (
        <div className="flex flex-wrap gap-2">
          {filters.taskId !== undefined && (
            <button
              type="button"
              className="badge badge-outline gap-1"
              onClick={() => change({ taskId: undefined })}
              aria-label={m.admin_hiring_clear_task_filter()}
            >
              {m.admin_hiring_task_chip({ task: taskRow ? taskRow.taskCode : `#${filters.taskId}` })} ✕
            </button>
          )}
          {filters.recruiterId !== undefined && (
            <button
              type="button"
              className="badge badge-outline gap-1"
              onClick={() => change({ recruiterId: undefined })}
              aria-label={m.admin_hiring_clear_recruiter_filter()}
            >
              {m.admin_hiring_recruiter_chip({
                recruiter: recruiterRow ? recruiterRow.recruiterName : `#${filters.recruiterId}`,
              })}{' '}
              ✕
            </button>
          )}
        </div>
      )}
      <BulkActions
        selected={[...selected]}
        nameOf={(id) => names.get(id) ?? `#${id}`}
        share={
          onShare && {
            tasks: new Set(selectedRows.map((row) => row.taskId)).size,
            onShare: () => onShare(selectedRows),
          }
        }
      />
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.admin_hiring_empty()}
          onClear={() => onChange({ ...HIRING_STATUS_DEFAULTS, taskId: undefined, recruiterId: undefined, page: 1 })}
        />
      ) : (
        <>
          {/* Dense: one line a fact, long names cut with their full text in a tooltip, so a 1440x900 screen
              shows a dozen rows and every column fits at 1280 px (it scrolled sideways, the last column cut).
              The table is as wide as its box: the talent, task and recruiter columns get a share of it
              (max-w-0 lets their cells shrink below their text), the badges and dates what they need. */}
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 lg:block">
            <table
              className="table table-sm w-full whitespace-nowrap [&_.badge]:h-[1.125rem] [&_td]:px-2 [&_td]:py-1 [&_td]:leading-tight [&_th]:px-2 [&_th]:whitespace-normal"
              aria-label={m.admin_hiring_list_label()}
            >
              <thead>
                <tr>
                  <th>
                    <input
                      type="checkbox"
                      className="checkbox checkbox-sm"
                      aria-label={m.admin_hiring_select_all()}
                      checked={allSelected}
                      disabled={selectable.length === 0}
                      onChange={toggleAll}
                    />
                  </th>
                  <th className="w-[18%]">{m.admin_hiring_col_talent()}</th>
                  <th className="w-[22%]">{m.admin_hiring_col_task()}</th>
                  <th className="w-[13%]">{m.admin_hiring_col_recruiter()}</th>
                  {/* One column, two badges: side by side they took a sixth of a 1280 px table. */}
                  <th>
                    {m.admin_hiring_col_hiring()}
                    <span className="block font-normal">{m.admin_hiring_col_consent()}</span>
                  </th>
                  <th>{m.admin_hiring_col_calls()}</th>
                  <th>{m.admin_hiring_col_reward()}</th>
                  <th>{m.admin_hiring_col_referred()}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr key={row.id} data-testid="referral-row">
                    <td>{checkbox(row)}</td>
                    <td className="max-w-0">
                      {openButton(row, CUT)}
                      <div className={`text-xs text-base-content/70 ${CUT}`} title={talentContact(row.talentEmail)}>
                        {talentContact(row.talentEmail)}
                      </div>
                    </td>
                    <td className="max-w-0">
                      {taskButton(row, CUT)}
                      <div className={`text-xs text-base-content/70 ${CUT}`} title={row.company}>
                        {row.company}
                      </div>
                    </td>
                    <td className="max-w-0">{recruiterButton(row, CUT)}</td>
                    <td>
                      <div className="flex flex-col items-start gap-px">
                        <HiringBadge status={row.hiringStatus} />
                        <ConsentBadge status={row.consentStatus} withdrawn={Boolean(row.consentWithdrawnAt)} />
                      </div>
                    </td>
                    <td>
                      <CallProofSummary row={row} stacked />
                    </td>
                    <td>
                      <Reward row={row} />
                    </td>
                    <td className="text-sm">{formatDate(row.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden" aria-label={m.admin_hiring_list_label()}>
            {data.items.map((row) => (
              <li key={row.id}>
                <article className="card card-sm border border-base-300 bg-base-100" data-testid="referral-card">
                  <div className="card-body gap-2">
                    <div className="flex items-start gap-2">
                      {checkbox(row)}
                      <div className="min-w-0 flex-1">
                        <h3 className="leading-snug">{openButton(row)}</h3>
                        <div>{taskButton(row)}</div>
                        <div className="text-xs text-base-content/70">
                          {m.admin_hiring_by_recruiter()} {recruiterButton(row)}
                        </div>
                      </div>
                      <Reward row={row} />
                    </div>
                    <div className="flex flex-wrap items-center gap-1">
                      <ConsentBadge status={row.consentStatus} withdrawn={Boolean(row.consentWithdrawnAt)} />
                      <HiringBadge status={row.hiringStatus} />
                      <CallProofSummary row={row} />
                    </div>
                    <p className="text-xs text-base-content/60">{formatDate(row.createdAt)}</p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      <ListPagination idPrefix="hiring" data={data} onChange={onChange} />
    </div>
  );
}
