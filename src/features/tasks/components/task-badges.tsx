import { TaskStatusBadge } from '#src/components/status/task-status-badge.tsx';
import { m } from '#src/paraglide/messages.js';
import type { TaskCard } from '#src/shared/recruiter-types.ts';

// CRITICAL and PROMO first (what makes a recruiter pick a task), the status only when it is not OPEN,
// and whether the recruiter already joined.
export function TaskBadges({
  task,
  showJoined = true,
}: {
  task: Pick<TaskCard, 'isCritical' | 'promo' | 'status' | 'joined'>;
  /** Off in Manage Task, where every task is joined. */
  showJoined?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {task.isCritical && (
        <span className="badge badge-error badge-sm font-semibold" data-testid="critical-badge">
          {m.task_badge_critical()}
        </span>
      )}
      {task.promo && (
        <span className="badge badge-accent badge-sm font-semibold" data-testid="promo-badge">
          {m.task_badge_promo()}
        </span>
      )}
      {task.status !== 'OPEN' && <TaskStatusBadge status={task.status} />}
      {showJoined && task.joined && (
        <span className="badge badge-success badge-outline badge-sm gap-1" data-testid="joined-badge">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-3 w-3" fill="none" stroke="currentColor">
            <path d="m5 12 5 5 9-10" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {m.task_joined()}
        </span>
      )}
    </div>
  );
}
