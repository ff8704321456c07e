import { PINNED_COLUMN, ScrollRegion } from '#src/components/list/scroll-region.tsx';
import { formatCount, formatDuration, formatRate, NONE } from '#src/features/admin-insight/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { FunnelStepFigures } from '#src/shared/insight.ts';
import { STEP_LABELS } from './step-labels';

// The funnel's figures as a table: what screen readers read for the bars, and what the CSV holds. On a
// phone it scrolls inside its own box, as the other admin tables do.
export function FunnelTable({ steps, caption }: { steps: FunnelStepFigures[]; caption: string }) {
  const number = 'text-right tabular-nums';
  return (
    <ScrollRegion label={caption} className="bg-base-100">
      <table className="table table-sm" data-testid="funnel-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={PINNED_COLUMN}>
              {m.admin_insight_col_step()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_reached()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_conversion()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_rejected()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_withdrawn()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_declined()}
            </th>
            <th scope="col" className="text-right">
              {m.admin_insight_col_median()}
            </th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step) => (
            <tr key={step.step} data-testid="funnel-row" data-step={step.step}>
              <th scope="row" className={`whitespace-nowrap font-medium ${PINNED_COLUMN}`}>
                {STEP_LABELS[step.step]()}
              </th>
              <td className={number} data-testid="funnel-reached">
                {formatCount(step.reached)}
              </td>
              <td className={number} data-testid="funnel-conversion">
                {formatRate(step.conversion)}
              </td>
              <td className={number} data-testid="funnel-rejected">
                {formatCount(step.rejected)}
              </td>
              <td className={number} data-testid="funnel-withdrawn">
                {formatCount(step.withdrawn)}
              </td>
              <td className={number} data-testid="funnel-declined">
                {step.step === 'CONSENT' ? formatCount(step.declined) : NONE}
              </td>
              <td className={`${number} whitespace-nowrap`} data-testid="funnel-median">
                {formatDuration(step.median, step.unit)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
