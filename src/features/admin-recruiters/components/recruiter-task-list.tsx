import { Link } from '@tanstack/react-router';
import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CardFigures, type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { TaskStatusBadge } from '#src/components/status/task-status-badge.tsx';
import { RECRUITER_TASK_DEFAULTS, type RecruiterTaskFilters } from '#src/features/admin-recruiters/search.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { MyTaskCard } from '#src/shared/recruiter-types.ts';

type RecruiterTaskListProps = {
  recruiterId: number;
  data: ListPage<MyTaskCard>;
  filters: RecruiterTaskFilters;
  onChange: (patch: Partial<RecruiterTaskFilters>) => void;
};

const STATUS_LABELS = {
  all: m.admin_recruiters_task_status_all,
  open: m.admin_recruiters_task_status_open,
  closed: m.admin_recruiters_task_status_closed,
} as const;

// The recruiter's referrals to the task: all, with consent, waiting for a reward decision, rewarded.
const COUNT_COLUMNS = [
  { id: 'total', label: m.admin_recruiters_count_referrals, value: (t: MyTaskCard) => t.counts.total },
  { id: 'consent', label: m.admin_recruiters_count_consented, value: (t: MyTaskCard) => t.counts.consentConfirmed },
  { id: 'review', label: m.admin_recruiters_count_in_review, value: (t: MyTaskCard) => t.counts.rewardInReview },
  { id: 'rewarded', label: m.admin_recruiters_count_rewarded, value: (t: MyTaskCard) => t.counts.rewardApproved },
] as const;

function TaskLink({ recruiterId, task }: { recruiterId: number; task: MyTaskCard }) {
  return (
    <Link
      to="/admin/manage-task/recruiter-{$recruiter}/$id"
      params={{ recruiter: String(recruiterId), id: String(task.id) }}
      className="link link-hover font-semibold"
    >
      {task.title}
    </Link>
  );
}

// A function: the headings are read in the current language at each render.
const columns = (recruiterId: number): Column<MyTaskCard>[] => [
  {
    header: m.admin_recruiters_col_task(),
    cell: (task) => (
      <>
        <TaskLink recruiterId={recruiterId} task={task} />
        <div className="text-sm text-base-content/70">
          <span className="font-mono text-xs">{task.code}</span> · {task.company}
        </div>
      </>
    ),
  },
  { header: m.admin_recruiters_col_status(), cell: (task) => <TaskStatusBadge status={task.status} /> },
  {
    header: m.admin_recruiters_col_reward(),
    className: 'text-right tabular-nums',
    cell: (task) => formatMoney(task.rewardAmount, task.rewardCurrency),
  },
  ...COUNT_COLUMNS.map(
    (count): Column<MyTaskCard> => ({
      header: count.label(),
      className: 'text-right tabular-nums',
      testId: `task-count-${count.id}`,
      cell: count.value,
    }),
  ),
];

// The recruiter's tasks with their referrals to each counted: a table on a desktop, cards on a phone.
export function RecruiterTaskList({ recruiterId, data, filters, onChange }: RecruiterTaskListProps) {
  const change = (patch: Partial<RecruiterTaskFilters>) => onChange({ ...patch, page: 1 });
  const filtered = filters.search !== '' || filters.status !== 'all' || filters.page > 1;
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_recruiters_task_filters_label()}</legend>
        <SearchBox id="recruiter-tasks-search" value={filters.search} onSearch={(search) => change({ search })} />
        <FilterSelect
          id="recruiter-tasks-status"
          label={m.admin_recruiters_status_label()}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={(['all', 'open', 'closed'] as const).map((value) => ({ value, label: STATUS_LABELS[value]() }))}
        />
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.admin_recruiters_tasks_empty()}
          onClear={() => change({ search: RECRUITER_TASK_DEFAULTS.search, status: RECRUITER_TASK_DEFAULTS.status })}
        />
      ) : (
        <TableAndCards
          label={m.admin_recruiters_tasks_label()}
          items={data.items}
          columns={columns(recruiterId)}
          rowTestId="recruiter-task-row"
          card={(task) => (
            <>
              <div className="flex items-start justify-between gap-2">
                <h3 className="min-w-0 leading-snug">
                  <TaskLink recruiterId={recruiterId} task={task} />
                </h3>
                <TaskStatusBadge status={task.status} />
              </div>
              <p className="text-sm text-base-content/70">
                <span className="font-mono text-xs">{task.code}</span> · {task.company} ·{' '}
                {formatMoney(task.rewardAmount, task.rewardCurrency)}
              </p>
              <CardFigures
                figures={COUNT_COLUMNS.map((count) => ({ label: count.label(), value: count.value(task) }))}
              />
            </>
          )}
        />
      )}
      <ListPagination idPrefix="recruiter-tasks" data={data} onChange={onChange} />
    </div>
  );
}
