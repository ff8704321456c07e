import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';

// Under a task's title (the board's dialog, Manage Task's detail): who hires, for what kind of job, where.
export function TaskWhere({ task }: { task: TaskCard }) {
  return (
    <>
      <span className="font-medium text-base-content">{task.company}</span>
      {' · '}
      {JOB_TYPE_LABELS[task.jobType]()}
      {' · '}
      {task.location}, {task.country}
    </>
  );
}
