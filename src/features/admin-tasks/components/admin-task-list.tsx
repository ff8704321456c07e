import { FilterSelect, labelledOptions } from '#src/components/list/filter-select.tsx';
import { HiringStatusLink } from '#src/components/list/hiring-status-link.tsx';
import { JobTypeSelect } from '#src/components/list/job-type-select.tsx';
import { ListPagination } from '#src/components/list/list-pagination.tsx';
import { ListEmpty } from '#src/components/list/list-states.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import { CardFigures, type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { TaskStatusBadge } from '#src/components/status/task-status-badge.tsx';
import { ADMIN_TASK_DEFAULTS, type AdminTaskFilters } from '#src/features/admin-tasks/search.ts';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { formatDate, formatDateTime, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { AdminTaskSummary } from '#src/shared/admin-task-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { TaskStatusAction } from './task-status-action';

type AdminTaskListProps = {
  data: ListPage<AdminTaskSummary>;
  filters: AdminTaskFilters;
  onChange: (patch: Partial<AdminTaskFilters>) => void;
  onEdit: (taskId: number) => void;
  /** "Share with the company": the task's review links (issue 45). */
  onShare: (taskId: number) => void;
  onCreate: () => void;
};

const SORT_LABELS = {
  latest: m.admin_tasks_sort_latest,
  earliest: m.admin_tasks_sort_earliest,
  date: m.admin_tasks_sort_date,
  reward: m.admin_tasks_sort_reward,
  quota: m.admin_tasks_sort_quota,
} as const;

const STATUS_LABELS = {
  all: m.task_status_filter_all,
  open: m.task_status_filter_open,
  closed: m.task_status_filter_closed,
  EXPIRED: m.task_status_expired,
} as const;

const deadline = (task: AdminTaskSummary) =>
  task.expiresAt ? formatDateTime(task.expiresAt) : m.admin_tasks_no_deadline();

// A task's referral count opens every referral of the task: Hiring status filtered by the task, where
// each one opens with its CV, proofs and history.
function ReferralsLink({ task }: { task: AdminTaskSummary }) {
  return (
    <HiringStatusLink
      search={{ taskId: task.id }}
      label={m.admin_tasks_referrals_of({ title: task.title })}
      testId="admin-task-referrals"
    >
      {task.referralCount}
    </HiringStatusLink>
  );
}

// Edit and Share open a dialog about the row's task; each names the task for a screen reader, which hears
// the buttons of every row apart from one another.
function DialogButtons({
  task,
  onEdit,
  onShare,
}: {
  task: AdminTaskSummary;
  onEdit: (id: number) => void;
  onShare: (id: number) => void;
}) {
  const buttons = [
    { key: 'edit', text: m.admin_tasks_edit(), name: m.admin_tasks_edit_named({ title: task.title }), open: onEdit },
    {
      key: 'share',
      text: m.admin_share_button(),
      name: m.admin_share_button_named({ title: task.title }),
      open: onShare,
    },
  ];
  return buttons.map((button) => (
    <button
      key={button.key}
      type="button"
      className="btn btn-xs btn-outline"
      onClick={() => button.open(task.id)}
      aria-haspopup="dialog"
      aria-label={button.name}
    >
      {button.text}
    </button>
  ));
}

function Badges({ task }: { task: AdminTaskSummary }) {
  return (
    <span className="flex flex-wrap gap-1">
      <TaskStatusBadge status={task.status} />
      {task.isCritical && (
        <span className="badge badge-soft badge-sm badge-error" data-testid="critical-badge">
          {m.admin_tasks_critical()}
        </span>
      )}
    </span>
  );
}

const quotaUsed = (task: AdminTaskSummary) =>
  m.admin_tasks_quota_used({ used: String(task.quotaUsed), quota: String(task.quota) });

const NUMBER = 'text-right tabular-nums whitespace-nowrap';

// A function: the headings are read in the current language at each render.
const columns = (onEdit: (id: number) => void, onShare: (id: number) => void): Column<AdminTaskSummary>[] => [
  {
    header: m.admin_tasks_col_task(),
    // A title stays readable (two or three lines) while the other columns keep to one line each.
    className: 'min-w-56',
    cell: (task) => (
      <>
        <div className="font-semibold">{task.title}</div>
        <div className="text-sm text-base-content/70">
          <span className="font-mono text-xs">{task.code}</span> · {task.company} · {JOB_TYPE_LABELS[task.jobType]()}
        </div>
      </>
    ),
  },
  { header: m.admin_tasks_col_status(), cell: (task) => <Badges task={task} /> },
  { header: m.admin_tasks_col_deadline(), className: 'whitespace-nowrap text-sm', cell: deadline },
  {
    header: m.admin_tasks_col_reward(),
    className: NUMBER,
    testId: 'admin-task-reward',
    cell: (task) => formatMoney(task.rewardAmount, task.rewardCurrency),
  },
  { header: m.admin_tasks_col_quota(), className: NUMBER, testId: 'admin-task-quota', cell: quotaUsed },
  {
    header: m.admin_tasks_col_referrals(),
    className: 'text-right tabular-nums',
    cell: (task) => <ReferralsLink task={task} />,
  },
  {
    header: m.admin_tasks_col_created(),
    className: 'whitespace-nowrap text-sm',
    cell: (task) => formatDate(task.createdAt),
  },
  {
    header: <span className="sr-only">{m.admin_tasks_col_actions()}</span>,
    actions: true,
    cell: (task) => (
      <div className="flex justify-end gap-1">
        <DialogButtons task={task} onEdit={onEdit} onShare={onShare} />
        <TaskStatusAction task={task} />
      </div>
    ),
  },
];

// The admin's tasks: filters, sort and page in the URL; a table on a desktop, cards on a phone.
export function AdminTaskList({ data, filters, onChange, onEdit, onShare, onCreate }: AdminTaskListProps) {
  const change = (patch: Partial<AdminTaskFilters>) => onChange({ ...patch, page: 1 });
  const defaults = ADMIN_TASK_DEFAULTS;
  const filtered =
    filters.search !== '' || filters.jobType !== '' || filters.status !== defaults.status || filters.page > 1;
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <legend className="sr-only">{m.admin_tasks_filters_label()}</legend>
        <SearchBox id="admin-tasks-search" value={filters.search} onSearch={(search) => change({ search })} />
        <JobTypeSelect id="admin-tasks-job-type" value={filters.jobType} onChange={(jobType) => change({ jobType })} />
        <FilterSelect
          id="admin-tasks-sort"
          label={m.task_sort_label()}
          value={filters.sort}
          onChange={(sort) => change({ sort })}
          options={labelledOptions(['latest', 'earliest', 'date', 'reward', 'quota'] as const, SORT_LABELS)}
        />
        <FilterSelect
          id="admin-tasks-status"
          label={m.task_status_filter_label()}
          value={filters.status}
          onChange={(status) => change({ status })}
          options={labelledOptions(['all', 'open', 'closed', 'EXPIRED'] as const, STATUS_LABELS)}
        />
      </fieldset>
      {data.items.length === 0 ? (
        <ListEmpty
          filtered={filtered}
          title={m.admin_tasks_empty()}
          onClear={() => change({ search: '', jobType: '', status: defaults.status })}
        >
          <button type="button" className="btn btn-sm btn-primary" onClick={onCreate}>
            {m.admin_tasks_new()}
          </button>
        </ListEmpty>
      ) : (
        <TableAndCards
          label={m.admin_tasks_list_label()}
          items={data.items}
          columns={columns(onEdit, onShare)}
          rowTestId="admin-task-row"
          cardTestId="admin-task-card"
          card={(task) => (
            <>
              <div className="min-w-0">
                <p className="font-mono text-xs text-base-content/60">{task.code}</p>
                <h3 className="font-semibold leading-snug">{task.title}</h3>
                <p className="text-sm text-base-content/70">
                  {task.company} · {JOB_TYPE_LABELS[task.jobType]()}
                </p>
              </div>
              <Badges task={task} />
              <CardFigures
                figures={[
                  { label: m.admin_tasks_col_reward(), value: formatMoney(task.rewardAmount, task.rewardCurrency) },
                  { label: m.admin_tasks_col_quota(), value: quotaUsed(task) },
                  { label: m.admin_tasks_col_referrals(), value: <ReferralsLink task={task} /> },
                ]}
              />
              <p className="text-xs text-base-content/60">
                {m.admin_tasks_col_deadline()}: {deadline(task)}
              </p>
              <div className="card-actions justify-end">
                <DialogButtons task={task} onEdit={onEdit} onShare={onShare} />
                <TaskStatusAction task={task} />
              </div>
            </>
          )}
        />
      )}
      <ListPagination idPrefix="admin-tasks" data={data} onChange={onChange} />
    </div>
  );
}
