import type { ReactNode } from 'react';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { TaskBadges } from './task-badges';
import { TaskFacts } from './task-facts';

type TaskCardViewProps = {
  task: TaskCard;
  /** The title as a control: a button opening the detail dialog, or a link to the task's page. */
  title: ReactNode;
  /** Below the facts: Manage Task's referral counts. */
  children?: ReactNode;
  actions?: ReactNode;
  showJoined?: boolean;
};

// One task as a card that reads at 360 px: badges, title, company · job type · location, the facts.
export function TaskCardView({ task, title, children, actions, showJoined }: TaskCardViewProps) {
  return (
    <article className="card card-sm border border-base-300 bg-base-100 shadow-sm" data-testid="task-card">
      <div className="card-body gap-3">
        <header className="space-y-1">
          <TaskBadges task={task} showJoined={showJoined} />
          <h2 className="card-title text-base leading-snug">{title}</h2>
          <p className="text-sm text-base-content/70">
            <span className="font-medium text-base-content">{task.company}</span>
            {' · '}
            {JOB_TYPE_LABELS[task.jobType]()}
            {' · '}
            {task.location}
            {task.country && task.country !== task.location ? `, ${task.country}` : ''}
          </p>
        </header>
        <TaskFacts task={task} />
        {children}
        {actions && <div className="card-actions justify-end">{actions}</div>}
      </div>
    </article>
  );
}
