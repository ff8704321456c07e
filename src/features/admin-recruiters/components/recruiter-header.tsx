import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { scoreText } from '#src/components/scorecard/scorecard-text.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterDetail } from '#src/shared/admin-recruiter-types.ts';
import { formatTotals } from './money';
import { invitationExpired, RecruiterBadges } from './recruiter-badges';
import { RecruiterInvitationAction } from './recruiter-invitation-action';
import { RecruiterScorecardAction } from './recruiter-scorecard-action';
import { RecruiterSessionsAction } from './recruiter-sessions-action';
import { RecruiterStatusAction } from './recruiter-status-action';

type RecruiterHeaderProps = { recruiter: RecruiterDetail; current: 'tasks' | 'talents' | 'paperwork' };

// Top of a recruiter's pages: who they are, their numbers, end sessions, activate/deactivate, the two views of
// their work (by task, by talent), and their money paperwork (issue 46: tax form details, yearly statement).
export function RecruiterHeader({ recruiter, current }: RecruiterHeaderProps) {
  const params = { recruiter: String(recruiter.id) };
  const stats: { id: string; label: string; value: string; action?: ReactNode }[] = [
    {
      id: 'score',
      label: m.admin_recruiters_col_score(),
      value: scoreText(recruiter.score),
      action: <RecruiterScorecardAction id={recruiter.id} name={recruiter.fullName} />,
    },
    { id: 'tasks', label: m.admin_recruiters_col_tasks(), value: String(recruiter.counts.tasks) },
    { id: 'referrals', label: m.admin_recruiters_col_referrals(), value: String(recruiter.counts.referrals) },
    { id: 'earnings', label: m.admin_recruiters_col_earnings(), value: formatTotals(recruiter.earnings) },
    { id: 'paid', label: m.admin_recruiters_paid(), value: formatTotals(recruiter.paid) },
  ];
  return (
    <header className="space-y-3">
      <Link to="/admin/manage-task" className="link link-hover inline-block text-sm">
        ← {m.admin_recruiters_back_to_list()}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold leading-tight">{recruiter.fullName}</h1>
          <p className="break-all text-sm text-base-content/70">
            {recruiter.email}
            {recruiter.phone && <span> · {recruiter.phone}</span>}
          </p>
          <RecruiterBadges recruiter={recruiter} />
          {recruiter.needToChangePassword && recruiter.invitationExpiresAt && (
            <p className="text-xs text-base-content/70" data-testid="recruiter-invitation-expiry">
              {(invitationExpired(recruiter)
                ? m.admin_recruiters_invitation_expired_at
                : m.admin_recruiters_invitation_until)({ when: formatDateTime(recruiter.invitationExpiresAt) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <RecruiterInvitationAction recruiter={recruiter} />
          <RecruiterSessionsAction recruiter={recruiter} />
          <RecruiterStatusAction recruiter={recruiter} />
        </div>
      </div>
      <dl className="grid grid-cols-2 sm:grid-cols-3 lg:grid-cols-5 gap-2">
        {stats.map((stat) => (
          <div key={stat.id} className="rounded-box border border-base-300 bg-base-100 px-4 py-2">
            <dt className="text-xs text-base-content/60">{stat.label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`recruiter-stat-${stat.id}`}>
              {stat.value}
            </dd>
            {stat.action && <dd>{stat.action}</dd>}
          </div>
        ))}
      </dl>
      <nav className="tabs tabs-border" aria-label={m.admin_recruiters_views_label()}>
        <Link
          to="/admin/manage-task/recruiter-{$recruiter}"
          params={params}
          activeOptions={{ exact: true, includeSearch: false }}
          className={`tab ${current === 'tasks' ? 'tab-active' : ''}`}
          aria-current={current === 'tasks' ? 'page' : undefined}
        >
          {m.admin_recruiters_tab_tasks()}
        </Link>
        <Link
          to="/admin/manage-task/recruiter-{$recruiter}/talent-view"
          params={params}
          className={`tab ${current === 'talents' ? 'tab-active' : ''}`}
          aria-current={current === 'talents' ? 'page' : undefined}
        >
          {m.admin_recruiters_tab_talents()}
        </Link>
        <Link
          to="/admin/manage-task/recruiter-{$recruiter}/paperwork"
          params={params}
          className={`tab ${current === 'paperwork' ? 'tab-active' : ''}`}
          aria-current={current === 'paperwork' ? 'page' : undefined}
        >
          {m.admin_recruiters_tab_paperwork()}
        </Link>
      </nav>
    </header>
  );
}
