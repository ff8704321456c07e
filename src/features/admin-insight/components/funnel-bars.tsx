import { formatCount } from '#src/features/admin-insight/format.ts';
import type { FunnelStepFigures } from '#src/shared/insight.ts';
import { STEP_LABELS } from './step-labels';

// The funnel drawn as bars, each step's width its share of the referrals. Hidden from screen readers: the
// table below carries the same figures. Only counts beside the bars: the table's conversion is from the step
// before, and a second kind of percentage here would read as a contradiction. On a phone the label and
// count sit above a full-width bar; from `sm` up the label is a column of its own.
export function FunnelBars({ steps }: { steps: FunnelStepFigures[] }) {
  const referred = steps[0]?.reached ?? 0;
  return (
    <div className="space-y-2" aria-hidden="true" data-testid="funnel-bars">
      {steps.map((step) => {
        const share = referred > 0 ? step.reached / referred : 0;
        return (
          <div
            key={step.step}
            className="grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-1 text-sm sm:grid-cols-[9rem_1fr_5rem]"
          >
            <span className="truncate">{STEP_LABELS[step.step]()}</span>
            <div className="col-span-2 row-start-2 h-4 overflow-hidden rounded bg-base-200 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:h-5">
              <div
                className="h-full rounded bg-primary"
                style={{ width: `${step.reached > 0 ? Math.max(share * 100, 1) : 0}%` }}
              />
            </div>
            <span className="text-right tabular-nums">{formatCount(step.reached)}</span>
          </div>
        );
      })}
    </div>
  );
}
