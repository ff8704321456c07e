import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { StatCard } from '#src/components/stat-card.tsx';
import { adminDashboardQueryOptions } from '#src/features/dashboard/api.ts';
import { formatTotals } from '#src/features/dashboard/format.ts';
import { m } from '#src/paraglide/messages.js';
import { MonthSection } from './month-section';

// The admin's dashboard: the platform's work waiting now, this month's numbers and the last six months.
export function AdminDashboardView() {
  const { data } = useSuspenseQuery(adminDashboardQueryOptions());
  const { current, thisMonth } = data;
  const open = (to: '/admin/hiring-status' | '/admin/payments' | '/admin/manage-task' | '/admin/tasks') => (
    <Link to={to} className="link link-primary">
      {m.dashboard_admin_open()}
    </Link>
  );
  return (
    <div className="space-y-6">
      <section aria-labelledby="dashboard-platform" className="space-y-3">
        <h2 id="dashboard-platform" className="text-lg font-semibold">
          {m.dashboard_admin_now_heading()}
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <StatCard
            testId="stat-active-recruiters"
            label={m.dashboard_admin_recruiters()}
            value={current.activeRecruiters}
            detail={open('/admin/manage-task')}
          />
          <StatCard
            testId="stat-open-tasks"
            label={m.dashboard_admin_open_tasks()}
            value={current.openTasks}
            detail={open('/admin/tasks')}
          />
          <StatCard
            testId="stat-call-proofs"
            label={m.dashboard_admin_proofs()}
            value={current.callProofsToReview}
            detail={open('/admin/hiring-status')}
          />
          <StatCard
            testId="stat-rewards-in-review"
            label={m.dashboard_admin_rewards_in_review()}
            value={current.rewardsInReview}
            detail={open('/admin/hiring-status')}
          />
          <StatCard
            testId="stat-approved-unpaid"
            wide
            label={m.dashboard_admin_approved_unpaid()}
            value={<span className="text-lg sm:text-xl">{formatTotals(current.approvedUnpaid)}</span>}
            detail={open('/admin/payments')}
          />
          <StatCard
            testId="stat-pending-payment"
            wide
            label={m.dashboard_admin_pending_payment()}
            value={<span className="text-lg sm:text-xl">{formatTotals(current.pendingPayment)}</span>}
            detail={open('/admin/payments')}
          />
        </div>
      </section>

      <MonthSection
        id="dashboard-platform-month"
        heading={m.dashboard_admin_month_heading({ month: formatMonth(thisMonth.month, 'long') })}
        testIdPrefix="stat-platform-"
        thisMonth={thisMonth}
        months={data.months}
        chartCaption={m.dashboard_admin_chart_caption()}
        moneyCard={
          <StatCard
            testId="stat-platform-paid"
            wide
            label={m.dashboard_admin_paid()}
            value={<span className="text-lg sm:text-xl">{formatTotals(thisMonth.paid)}</span>}
          />
        }
      />
    </div>
  );
}
