import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { promoBonusText, salaryRange } from './task-format';

// The facts a recruiter weighs on a phone: pay, what they earn, how much quota is left, and until when.
// Two columns even at 360 px; each fact is a term and its value for screen readers.
export function TaskFacts({ task }: { task: TaskCard }) {
  const bonus = promoBonusText(task);
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
      <div className="min-w-0">
        <dt className="text-xs text-base-content/60">{m.task_reward_label()}</dt>
        <dd className="font-semibold text-primary" data-testid="task-reward">
          {formatMoney(task.rewardAmount, task.rewardCurrency)}
          {bonus && (
            <span className="block text-xs font-medium text-accent" data-testid="task-promo-bonus">
              {bonus}
            </span>
          )}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-base-content/60">{m.task_salary_label()}</dt>
        <dd className="break-words" data-testid="task-salary">
          {salaryRange(task)}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-base-content/60">{m.task_quota_label()}</dt>
        <dd data-testid="task-quota">
          <span className="text-xs">
            {m.task_quota_used_left({ used: String(task.quotaUsed), left: String(task.quotaLeft) })}
          </span>
          <progress
            className="progress progress-primary block h-1.5 w-full"
            value={Math.min(task.quotaUsed, task.quota)}
            max={Math.max(task.quota, 1)}
            aria-label={m.task_quota_progress({ used: String(task.quotaUsed), quota: String(task.quota) })}
          />
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-xs text-base-content/60">{m.task_deadline_label()}</dt>
        <dd data-testid="task-deadline">{task.expiresAt ? formatDateTime(task.expiresAt) : m.task_no_deadline()}</dd>
      </div>
    </dl>
  );
}
