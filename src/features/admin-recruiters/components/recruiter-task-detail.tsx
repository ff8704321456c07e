import { Link } from '@tanstack/react-router';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { TaskStatusBadge } from '#src/components/status/task-status-badge.tsx';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterDetail } from '#src/shared/admin-recruiter-types.ts';
import type { ReferralCounts, ReferralSummary, TaskDetail } from '#src/shared/recruiter-types.ts';
import { ReferralTable } from './referral-table';

type RecruiterTaskDetailProps = {
  recruiter: RecruiterDetail;
  task: TaskDetail;
  counts: ReferralCounts;
  referrals: ReferralSummary[];
};

// "Manage Task Detail": one task of a recruiter's and every referral they made to it, with its states.
export function RecruiterTaskDetail({ recruiter, task, counts, referrals }: RecruiterTaskDetailProps) {
  const stats = [
    { id: 'total', label: m.admin_recruiters_count_referrals(), value: counts.total },
    { id: 'consent', label: m.admin_recruiters_count_consented(), value: counts.consentConfirmed },
    { id: 'review', label: m.admin_recruiters_count_in_review(), value: counts.rewardInReview },
    { id: 'rewarded', label: m.admin_recruiters_count_rewarded(), value: counts.rewardApproved },
    { id: 'not-rewarded', label: m.admin_recruiters_count_not_rewarded(), value: counts.rewardNotRewarded },
  ];
  return (
    <section className="space-y-4">
      <Link
        to="/admin/manage-task/recruiter-{$recruiter}"
        params={{ recruiter: String(recruiter.id) }}
        className="link link-hover inline-block text-sm"
      >
        ← {m.admin_recruiters_back_to_tasks({ name: recruiter.fullName })}
      </Link>
      <header className="space-y-1">
        <p className="text-sm text-base-content/70">{m.admin_recruiters_task_of({ name: recruiter.fullName })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold leading-tight">{task.title}</h1>
          <TaskStatusBadge status={task.status} />
        </div>
        <p className="text-sm text-base-content/70">
          <span className="font-medium text-base-content">{task.company}</span> · {JOB_TYPE_LABELS[task.jobType]()} ·{' '}
          {task.location}, {task.country} <span className="ml-1 font-mono text-xs">{task.code}</span>
        </p>
        <p className="text-sm">
          {m.admin_recruiters_task_reward({ amount: formatMoney(task.rewardAmount, task.rewardCurrency) })} ·{' '}
          {m.admin_recruiters_task_quota({ used: String(task.quotaUsed), quota: String(task.quota) })}
        </p>
      </header>
      <dl className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-5 gap-2">
        {stats.map((stat) => (
          <div key={stat.id} className="rounded-box border border-base-300 bg-base-100 px-4 py-2">
            <dt className="text-xs text-base-content/60">{stat.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`detail-count-${stat.id}`}>
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <section className="space-y-3" aria-labelledby="recruiter-task-referrals">
        <h2 id="recruiter-task-referrals" className="text-lg font-semibold">
          {m.admin_recruiters_referrals_heading()}
        </h2>
        {referrals.length === 0 ? (
          <EmptyState title={m.admin_recruiters_task_referrals_empty()} />
        ) : (
          <ReferralTable referrals={referrals} />
        )}
      </section>
    </section>
  );
}
