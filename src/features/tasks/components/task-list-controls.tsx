import { FilterSelect } from '#src/components/list/filter-select.tsx';
import { JobTypeSelect } from '#src/components/list/job-type-select.tsx';
import { SearchBox } from '#src/components/list/search-box.tsx';
import type { TaskListFilters } from '#src/features/tasks/search.ts';
import { m } from '#src/paraglide/messages.js';

type Filters = Pick<TaskListFilters, 'search' | 'jobType' | 'sort' | 'status'>;

type TaskListControlsProps = {
  value: Filters;
  /** A changed filter; the caller goes back to page 1. */
  onChange: (patch: Partial<Filters>) => void;
  idPrefix: string;
};

// Search, job type, sort and status of a task list (seed section 3). The URL holds the values.
export function TaskListControls({ value, onChange, idPrefix }: TaskListControlsProps) {
  return (
    <fieldset className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <legend className="sr-only">{m.task_filters_label()}</legend>
      <SearchBox id={`${idPrefix}-search`} value={value.search} onSearch={(search) => onChange({ search })} />
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <JobTypeSelect
          id={`${idPrefix}-job-type`}
          value={value.jobType}
          onChange={(jobType) => onChange({ jobType })}
        />
        <FilterSelect
          id={`${idPrefix}-sort`}
          label={m.task_sort_label()}
          value={value.sort}
          onChange={(sort) => onChange({ sort })}
          options={[
            { value: 'date', label: m.task_sort_date() },
            { value: 'reward', label: m.task_sort_reward() },
            { value: 'quota', label: m.task_sort_quota() },
          ]}
        />
        <FilterSelect
          id={`${idPrefix}-status`}
          label={m.task_status_filter_label()}
          value={value.status}
          onChange={(status) => onChange({ status })}
          options={[
            { value: 'open', label: m.task_status_filter_open() },
            { value: 'closed', label: m.task_status_filter_closed() },
            { value: 'all', label: m.task_status_filter_all() },
          ]}
        />
      </div>
    </fieldset>
  );
}
