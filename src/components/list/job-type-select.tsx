import { FilterSelect, labelledOptions } from '#src/components/list/filter-select.tsx';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { m } from '#src/paraglide/messages.js';
import { JOB_TYPES, type JobType } from '#src/shared/enums.ts';

type JobTypeSelectProps = {
  id: string;
  value: '' | JobType;
  onChange: (jobType: '' | JobType) => void;
};

// The job type filter of a task list (the board, Manage Task, Admin › Tasks): all, or one type.
export function JobTypeSelect({ id, value, onChange }: JobTypeSelectProps) {
  return (
    <FilterSelect
      id={id}
      label={m.task_filter_job_type()}
      value={value}
      onChange={onChange}
      options={[{ value: '', label: m.job_type_all() }, ...labelledOptions(JOB_TYPES, JOB_TYPE_LABELS)]}
    />
  );
}
