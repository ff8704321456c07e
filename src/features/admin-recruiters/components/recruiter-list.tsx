import { Link } from '@tanstack/react-router';
import { FilterSelect, labelledOptions } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CardFigures, type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { scoreText } from '#src/components/scorecard/scorecard-text.ts';
import { RECRUITER_LIST_DEFAULTS, type RecruiterListFilters } from '#src/features/admin-recruiters/search.ts';
import { formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
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
  SCORE: m.admin_recruiters_sort_score,
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

const NUMBER = 'text-right tabular-nums';

// "72 / 100", or a muted "No score yet" below the minimum referrals (the scorecard says why).
function ScoreCell({ score }: { score: number | null }) {
  return (
    <span className={score === null ? 'text-xs text-base-content/60' : undefined} data-testid="recruiter-score-value">
      {scoreText(score)}
    </span>
  );
}

// A function: the headings are read in the current language at each render.
const columns = (): Column<RecruiterRow>[] => [
  {
    header: m.admin_recruiters_col_recruiter(),
    cell: (recruiter) => (
      <>
        <RecruiterLink recruiter={recruiter} />
        <div className="text-sm text-base-content/70">{recruiter.email}</div>
      </>
    ),
  },
  { header: m.admin_recruiters_col_status(), cell: (recruiter) => <RecruiterBadges recruiter={recruiter} /> },
  {
    header: m.admin_recruiters_col_tasks(),
    className: NUMBER,
    testId: 'recruiter-tasks',
    cell: (recruiter) => recruiter.counts.tasks,
  },
  {
    header: m.admin_recruiters_col_referrals(),
    className: NUMBER,
    testId: 'recruiter-referrals',
    cell: (recruiter) => recruiter.counts.referrals,
  },
  {
    header: m.admin_recruiters_col_score(),
    className: `${NUMBER} whitespace-nowrap`,
    testId: 'recruiter-score',
    cell: (recruiter) => <ScoreCell score={recruiter.score} />,
  },
  {
    header: m.admin_recruiters_col_earnings(),
    className: NUMBER,
    testId: 'recruiter-earnings',
    cell: (recruiter) => formatTotals(recruiter.earnings),
  },
  {
    header: m.admin_recruiters_col_added(),
    className: 'whitespace-nowrap',
    cell: (recruiter) => formatDate(recruiter.createdAt),
  },
  {
    header: <span className="sr-only">{m.admin_recruiters_col_actions()}</span>,
    actions: true,
    className: 'text-right',
    cell: (recruiter) => <RecruiterStatusAction recruiter={recruiter} />,
  },
];

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
          options={labelledOptions(['LATEST', 'EARLIEST', 'ALPHABETICAL', 'SCORE'] as const, SORT_LABELS)}
        />
        <FilterSelect
          id="recruiters-status"
          label={m.admin_recruiters_status_label()}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={labelledOptions(['all', 'ACTIVE', 'DEACTIVATE'] as const, STATUS_LABELS)}
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
        <TableAndCards
          label={m.admin_recruiters_list_label()}
          items={data.items}
          columns={columns()}
          compact
          rowTestId="recruiter-row"
          cardTestId="recruiter-card"
          card={(recruiter) => (
            <>
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
              {/* A line of its own: a fourth figure pushed the earnings out of a phone's card. */}
              <p className="flex items-baseline gap-2 text-sm">
                <span className="text-xs text-base-content/60">{m.admin_recruiters_col_score()}</span>
                <span className="font-semibold tabular-nums">
                  <ScoreCell score={recruiter.score} />
                </span>
              </p>
              <CardFigures
                figures={[
                  { label: m.admin_recruiters_col_tasks(), value: recruiter.counts.tasks },
                  { label: m.admin_recruiters_col_referrals(), value: recruiter.counts.referrals },
                  { label: m.admin_recruiters_col_earnings(), value: formatTotals(recruiter.earnings) },
                ]}
              />
              <p className="text-xs text-base-content/60">
                {m.admin_recruiters_added_on({ date: formatDate(recruiter.createdAt) })}
              </p>
            </>
          )}
        />
      )}
      <ListPagination idPrefix="recruiters" data={data} onChange={onChange} />
    </div>
  );
}
