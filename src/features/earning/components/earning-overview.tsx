import { Link } from '@tanstack/react-router';
import { MonthBarChart } from '#src/components/charts/month-bar-chart.tsx';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { RewardBadge } from '#src/components/status/referral-badges.tsx';
import { REWARD_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { MoneyTotal } from '#src/shared/dashboard-types.ts';
import type { EarningSummary } from '#src/shared/earning-types.ts';
import { toMajorUnits, toMinorUnits } from '#src/shared/money.ts';

// The top of /earning: my rewards by status, the outcomes that were not rewarded, and the months.

const totalsText = (amounts: MoneyTotal[]) =>
  amounts.length === 0 ? formatMoney(0, 'MYR') : amounts.map((a) => formatMoney(a.amount, a.currency)).join(' · ');

export function EarningTotals({ summary }: { summary: EarningSummary }) {
  return (
    <section aria-labelledby="earning-totals" className="space-y-3">
      <h2 id="earning-totals" className="text-lg font-semibold">
        {m.earning_totals_heading()}
      </h2>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {summary.totals.map((total) => (
          <Link
            key={total.status}
            to="/earning"
            search={{ status: total.status }}
            hash="earning-list"
            className="card border border-base-300 bg-base-100 transition hover:border-primary"
            data-testid={`total-${total.status}`}
            aria-label={`${REWARD_LABELS[total.status]()}: ${totalsText(total.amounts)}`}
          >
            <div className="card-body gap-1 p-4">
              <RewardBadge status={total.status} />
              <p className="text-xl font-semibold tabular-nums" data-testid={`total-${total.status}-amount`}>
                {totalsText(total.amounts)}
              </p>
              <p className="text-xs text-base-content/70">{m.earning_referral_count({ count: String(total.count) })}</p>
            </div>
          </Link>
        ))}
      </div>
      {summary.inReview > 0 && (
        <p className="text-sm text-base-content/70">{m.earning_in_review({ count: String(summary.inReview) })}</p>
      )}
    </section>
  );
}

export function EarningOutcomes({ summary }: { summary: EarningSummary }) {
  return (
    <section aria-labelledby="earning-outcomes" className="card border border-base-300 bg-base-100">
      <div className="card-body gap-2 p-4">
        <h2 id="earning-outcomes" className="card-title text-base">
          {m.earning_outcomes_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.earning_outcomes_hint()}</p>
        <ul className="flex flex-wrap gap-2">
          {summary.outcomes.map((outcome) => (
            <li key={outcome.status}>
              <Link
                to="/earning"
                search={{ status: outcome.status }}
                hash="earning-list"
                className="btn btn-sm btn-ghost border-base-300"
                data-testid={`outcome-${outcome.status}`}
              >
                {REWARD_LABELS[outcome.status]()}
                <span className="badge badge-sm">{outcome.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Rewards decided per month, one bar series per currency (in major units, as people read money). */
export function EarningChart({ summary }: { summary: EarningSummary }) {
  const currencies = [...new Set(summary.months.flatMap((month) => month.amounts.map((a) => a.currency)))];
  if (currencies.length === 0) currencies.push('MYR');
  const series = currencies.map((currency) => ({
    label: currency,
    values: summary.months.map((month) =>
      toMajorUnits(month.amounts.find((a) => a.currency === currency)?.amount ?? 0, currency),
    ),
    format: (major: number) => formatMoney(toMinorUnits(major, currency), currency),
  }));
  return (
    <section aria-labelledby="earning-chart" className="card border border-base-300 bg-base-100">
      <div className="card-body p-4">
        <h2 id="earning-chart" className="card-title text-base">
          {m.earning_chart_heading()}
        </h2>
        <MonthBarChart
          caption={m.earning_chart_caption()}
          rowHeader={m.earning_chart_month()}
          labels={summary.months.map((month) => formatMonth(month.month))}
          series={series}
        />
      </div>
    </section>
  );
}
