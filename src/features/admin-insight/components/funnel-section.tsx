import { MonthBarChart } from '#src/components/charts/month-bar-chart.tsx';
import { formatMonth } from '#src/components/charts/month-label.ts';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { StatCard } from '#src/components/stat-card.tsx';
import { formatCount, formatDuration, formatRate } from '#src/features/admin-insight/format.ts';
import { HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import type { FunnelAnswer } from '#src/shared/insight.ts';
import { FunnelBars } from './funnel-bars';
import { FunnelTable } from './funnel-table';

// The funnel of the chosen period and scope: the steps as bars and as a table, the consent, call-proof and
// hiring-company figures, and the months chart. A period without referrals says so instead of a page of zeros.
export function FunnelSection({ funnel }: { funnel: FunnelAnswer }) {
  const referred = funnel.steps[0]?.reached ?? 0;
  const caption = m.admin_insight_funnel_caption({
    from: formatMonth(funnel.from, 'long'),
    to: formatMonth(funnel.to, 'long'),
  });
  const reviewed = funnel.callProofs.accepted + funnel.callProofs.rejected;
  return (
    <section aria-labelledby="insight-funnel" className="space-y-3">
      <h2 id="insight-funnel" className="text-lg font-semibold">
        {m.admin_insight_funnel_heading()}
      </h2>
      <p className="text-sm text-base-content/70">{caption}</p>
      {referred === 0 ? (
        <EmptyState title={m.admin_insight_empty()} />
      ) : (
        <>
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body p-4">
              <FunnelBars steps={funnel.steps} />
            </div>
          </div>
          <FunnelTable steps={funnel.steps} caption={caption} />
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            <StatCard
              testId="insight-consent-rate"
              label={m.admin_insight_consent_rate()}
              value={formatRate(funnel.consent.answerRate)}
              detail={m.admin_insight_consent_detail({
                confirmed: formatCount(funnel.consent.confirmed),
                declined: formatCount(funnel.consent.declined),
                pending: formatCount(funnel.consent.pending),
              })}
            />
            <StatCard
              testId="insight-consent-time"
              label={m.admin_insight_consent_time()}
              value={formatDuration(funnel.consent.medianHours, 'hours')}
              detail={m.admin_insight_consent_time_detail()}
            />
            <StatCard
              testId="insight-proof-rate"
              label={m.admin_insight_proof_rate()}
              value={formatRate(funnel.callProofs.acceptanceRate)}
              detail={m.admin_insight_proof_detail({
                accepted: formatCount(funnel.callProofs.accepted),
                count: String(reviewed),
              })}
            />
            <StatCard
              testId="insight-company-rate"
              label={m.admin_insight_company_rate()}
              value={formatRate(funnel.company.answerRate)}
              detail={m.admin_insight_company_detail({
                answered: formatCount(funnel.company.answered),
                shared: formatCount(funnel.company.shared),
                shortlist: formatCount(funnel.company.answers.SHORTLIST),
                interview: formatCount(funnel.company.answers.INTERVIEW),
                notFit: formatCount(funnel.company.answers.NOT_A_FIT),
              })}
            />
            <StatCard
              testId="insight-company-time"
              label={m.admin_insight_company_time()}
              value={formatDuration(funnel.company.medianAnswerHours, 'hours')}
              detail={m.admin_insight_company_time_detail()}
            />
          </div>
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body gap-2 p-4">
              <h3 className="font-semibold">{m.admin_insight_months_caption()}</h3>
              <MonthBarChart
                caption={m.admin_insight_months_caption()}
                rowHeader={m.admin_insight_col_month()}
                labels={funnel.months.map((row) => formatMonth(row.month))}
                series={[
                  { label: m.admin_insight_step_referred(), values: funnel.months.map((row) => row.referred) },
                  { label: m.admin_insight_series_consented(), values: funnel.months.map((row) => row.consented) },
                  { label: HIRING_LABELS.HIRED(), values: funnel.months.map((row) => row.hired) },
                ]}
              />
            </div>
          </div>
        </>
      )}
    </section>
  );
}
