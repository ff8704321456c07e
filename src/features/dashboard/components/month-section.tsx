import type { ReactNode } from 'react';
import { MonthBarChart } from '#src/components/charts/month-bar-chart.tsx';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { StatCard } from '#src/components/stat-card.tsx';
import { m } from '#src/paraglide/messages.js';

type MonthCounts = { month: string; referrals: number; consents: number; hires: number };

// "This month" on both dashboards: the three counts, one money card that differs (the recruiter's earnings,
// the platform's payments) and the last six months' chart. The admin's test ids carry a `platform-` part.
export function MonthSection({
  id,
  heading,
  testIdPrefix,
  thisMonth,
  months,
  moneyCard,
  chartCaption,
}: {
  id: string;
  heading: string;
  testIdPrefix: string;
  thisMonth: MonthCounts;
  months: MonthCounts[];
  moneyCard: ReactNode;
  chartCaption: string;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {heading}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          testId={`${testIdPrefix}referrals`}
          label={m.dashboard_stat_referrals()}
          value={thisMonth.referrals}
        />
        <StatCard testId={`${testIdPrefix}consents`} label={m.dashboard_stat_consents()} value={thisMonth.consents} />
        <StatCard testId={`${testIdPrefix}hires`} label={m.dashboard_stat_hires()} value={thisMonth.hires} />
        {moneyCard}
      </div>
      <div className="card border border-base-300 bg-base-100">
        <div className="card-body p-4">
          <MonthBarChart
            caption={chartCaption}
            rowHeader={m.dashboard_chart_month()}
            labels={months.map((row) => formatMonth(row.month))}
            series={[
              { label: m.dashboard_stat_referrals(), values: months.map((row) => row.referrals) },
              { label: m.dashboard_stat_consents(), values: months.map((row) => row.consents) },
              { label: m.dashboard_stat_hires(), values: months.map((row) => row.hires) },
            ]}
          />
        </div>
      </div>
    </section>
  );
}
