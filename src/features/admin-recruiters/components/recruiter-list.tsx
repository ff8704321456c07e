import { Link } from '@tanstack/react-router';
import { FilterSelect } from '../../../components/list/filter-select';
import { ListEmpty } from '../../../components/list/list-states';
import { Pagination } from '../../../components/list/pagination';
import { SearchBox } from '../../../components/list/search-box';
import { formatDate } from '../../../lib/format';
import { m } from '../../../paraglide/messages';
import type { RecruiterRow } from '../../../shared/admin-recruiter-types';
import type { ListPage } from '../../../shared/api-response';
import { asPageSize, RECRUITER_LIST_DEFAULTS, type RecruiterListFilters } from '../search';
import { formatTotals } from './money';
import { RecruiterBadges } from './recruiter-badges';
import { RecruiterStatusAction } from './recruiter-status-action';

type RecruiterListProps = {
  data: ListPage<RecruiterRow>;
  filters: RecruiterListFilters;
  onChange: (patch: Partial<RecruiterListFilters>) => void;
};

const SORT_LABELS = {
  LATEST: m.admin_recruiters_sort_latest,
  EARLIEST: m.admin_recruiters_sort_earliest,
  ALPHABETICAL: m.admin_recruiters_sort_alphabetical,
} as const;

const STATUS_LABELS = {
  all: m.admin_recruiters_status_all,
  ACTIVE: m.admin_recruiters_status_active,
  DEACTIVATE: m.admin_recruiters_status_deactivated,
} as const;

function RecruiterLink({ recruiter }: { recruiter: RecruiterRow }) {
  return (
    <Link
      to="/admin/manage-task/recruiter-{$recruiter}"
      params={{ recruiter: String(recruiter.id) }}
      className="link link-hover font-semibold"
    >
      {recruiter.fullName}
    </Link>
  );
}

// The recruiters: search, sort, status and page size in the URL; a table on a desktop, cards on a phone.
export function RecruiterList({ data, filters, onChange }: RecruiterListProps) {
  const change = (patch: Partial<RecruiterListFilters>) => onChange({ ...patch, page: 1 });
  const defaults = RECRUITER_LIST_DEFAULTS;
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.page > 1;
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_recruiters_filters_label()}</legend>
        <SearchBox
          id="recruiters-search"
          label={m.admin_recruiters_search_label()}
          value={filters.search}
          onSearch={(search) => change({ search })}
        />
        <FilterSelect
          id="recruiters-sort"
          label={m.admin_recruiters_sort_label()}
          value={filters.sort}
          onChange={(sort) => change({ sort })}
          options={(['LATEST', 'EARLIEST', 'ALPHABETICAL'] as const).map((value) => ({
            value,
            label: SORT_LABELS[value](),
          }))}
        />
        <FilterSelect
          id="recruiters-status"
          label={m.admin_recruiters_status_label()}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={(['all', 'ACTIVE', 'DEACTIVATE'] as const).map((value) => ({
            value,
            label: STATUS_LABELS[value](),
          }))}
        />
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.admin_recruiters_empty()}
          onClear={() => change({ search: defaults.search, status: defaults.status })}
        >
          <Link to="/admin/manage-task/add-recruiter" className="btn btn-sm btn-primary">
            {m.title_add_recruiter()}
          </Link>
        </ListEmpty>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 lg:block">
            <table className="table" aria-label={m.admin_recruiters_list_label()}>
              <thead>
                <tr>
                  <th>{m.admin_recruiters_col_recruiter()}</th>
                  <th>{m.admin_recruiters_col_status()}</th>
                  <th className="text-right">{m.admin_recruiters_col_tasks()}</th>
                  <th className="text-right">{m.admin_recruiters_col_referrals()}</th>
                  <th className="text-right">{m.admin_recruiters_col_earnings()}</th>
                  <th>{m.admin_recruiters_col_added()}</th>
                  <th>
                    <span className="sr-only">{m.admin_recruiters_col_actions()}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((recruiter) => (
                  <tr key={recruiter.id} data-testid="recruiter-row">
                    <td>
                      <RecruiterLink recruiter={recruiter} />
                      <div className="text-sm text-base-content/70">{recruiter.email}</div>
                    </td>
                    <td>
                      <RecruiterBadges recruiter={recruiter} />
                    </td>
                    <td className="text-right tabular-nums" data-testid="recruiter-tasks">
                      {recruiter.counts.tasks}
                    </td>
                    <td className="text-right tabular-nums" data-testid="recruiter-referrals">
                      {recruiter.counts.referrals}
                    </td>
                    <td className="text-right tabular-nums" data-testid="recruiter-earnings">
                      {formatTotals(recruiter.earnings)}
                    </td>
                    <td className="whitespace-nowrap">{formatDate(recruiter.createdAt)}</td>
                    <td className="text-right">
                      <RecruiterStatusAction recruiter={recruiter} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:hidden" aria-label={m.admin_recruiters_list_label()}>
            {data.items.map((recruiter) => (
              <li key={recruiter.id}>
                <article className="card card-sm border border-base-300 bg-base-100" data-testid="recruiter-card">
                  <div className="card-body gap-2">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="leading-snug">
                          <RecruiterLink recruiter={recruiter} />
                        </h3>
                        <p className="truncate text-sm text-base-content/70">{recruiter.email}</p>
                      </div>
                      <RecruiterStatusAction recruiter={recruiter} />
                    </div>
                    <RecruiterBadges recruiter={recruiter} />
                    <dl className="grid grid-cols-3 gap-2 text-sm">
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_recruiters_col_tasks()}</dt>
                        <dd className="font-semibold tabular-nums">{recruiter.counts.tasks}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_recruiters_col_referrals()}</dt>
                        <dd className="font-semibold tabular-nums">{recruiter.counts.referrals}</dd>
                      </div>
                      <div>
                        <dt className="text-xs text-base-content/60">{m.admin_recruiters_col_earnings()}</dt>
                        <dd className="font-semibold tabular-nums">{formatTotals(recruiter.earnings)}</dd>
                      </div>
                    </dl>
                    <p className="text-xs text-base-content/60">
                      {m.admin_recruiters_added_on({ date: formatDate(recruiter.createdAt) })}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
      {data.total > 0 && (
        <Pagination
          idPrefix="recruiters"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
        />
      )}
    </div>
  );
}
