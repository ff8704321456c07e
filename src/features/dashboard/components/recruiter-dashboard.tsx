import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MonthBarChart } from '#src/components/charts/month-bar-chart.tsx';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { recruiterDashboardQueryOptions } from '#src/features/dashboard/api.ts';
import { formatTotals } from '#src/features/dashboard/format.ts';
import { m } from '#src/paraglide/messages.js';
import { StatCard } from './stat-card';
import { TodoCards } from './todo-cards';

// The recruiter's dashboard: what to do next, then this month's numbers and the last six months.
export function RecruiterDashboardView() {
  const { data } = useSuspenseQuery(recruiterDashboardQueryOptions());
  const month = data.thisMonth;
  return (
    <div className="space-y-6">
      <section aria-labelledby="dashboard-todo" className="space-y-3">
        <h2 id="dashboard-todo" className="text-lg font-semibold">
          {m.dashboard_todo_heading()}
        </h2>
        <TodoCards data={data} />
      </section>

      <section aria-labelledby="dashboard-month" className="space-y-3">
        <h2 id="dashboard-month" className="text-lg font-semibold">
          {m.dashboard_month_heading({ month: formatMonth(month.month, 'long') })}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <StatCard testId="stat-referrals" label={m.dashboard_stat_referrals()} value={month.referrals} />
          <StatCard testId="stat-consents" label={m.dashboard_stat_consents()} value={month.consents} />
          <StatCard testId="stat-hires" label={m.dashboard_stat_hires()} value={month.hires} />
          <StatCard
            testId="stat-earnings"
            label={m.dashboard_stat_earnings()}
            value={<span className="text-lg sm:text-xl">{formatTotals(month.earnings)}</span>}
            action={
              <Link to="/earning" className="link link-primary">
                {m.dashboard_earning_link()}
              </Link>
            }
          />
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body p-4">
            <MonthBarChart
              caption={m.dashboard_chart_caption()}
              rowHeader={m.dashboard_chart_month()}
              labels={data.months.map((row) => formatMonth(row.month))}
              series={[
                { label: m.dashboard_stat_referrals(), values: data.months.map((row) => row.referrals) },
                { label: m.dashboard_stat_consents(), values: data.months.map((row) => row.consents) },
                { label: m.dashboard_stat_hires(), values: data.months.map((row) => row.hires) },
              ]}
            />
          </div>
        </div>
      </section>
    </div>
  );
}
