import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { PushInvitation } from '#src/components/pwa/push-invitation.tsx';
import { StatCard } from '#src/components/stat-card.tsx';
import { recruiterDashboardQueryOptions } from '#src/features/dashboard/api.ts';
import { formatTotals } from '#src/features/dashboard/format.ts';
import { m } from '#src/paraglide/messages.js';
import { MonthSection } from './month-section';
import { ScoreCard } from './score-card';
import { TodoCards } from './todo-cards';

// The recruiter's dashboard: what to do next, then this month's numbers and the last six months, then
// their score and what would raise it.
export function RecruiterDashboardView() {
  const { data } = useSuspenseQuery(recruiterDashboardQueryOptions());
  const month = data.thisMonth;
  // Someone referred: there are answers to be told of (push-invitation.tsx).
  const hasReferred = data.months.some((item) => item.referrals > 0) || data.todo.consentWaiting.total > 0;
  return (
    <div className="space-y-6">
      <PushInvitation eligible={hasReferred} />
      <section aria-labelledby="dashboard-todo" className="space-y-3">
        <h2 id="dashboard-todo" className="text-lg font-semibold">
          {m.dashboard_todo_heading()}
        </h2>
        <TodoCards data={data} />
      </section>

      <MonthSection
        id="dashboard-month"
        heading={m.dashboard_month_heading({ month: formatMonth(month.month, 'long') })}
        testIdPrefix="stat-"
        thisMonth={month}
        months={data.months}
        chartCaption={m.dashboard_chart_caption()}
        moneyCard={
          <StatCard
            testId="stat-earnings"
            wide
            label={m.dashboard_stat_earnings()}
            value={<span className="text-lg sm:text-xl">{formatTotals(month.earnings)}</span>}
            detail={
              <Link to="/earning" className="link link-primary">
                {m.dashboard_earning_link()}
              </Link>
            }
          />
        }
      />
      <ScoreCard />
    </div>
  );
}
