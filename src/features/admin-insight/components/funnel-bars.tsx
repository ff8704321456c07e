import type { FunnelStepFigures } from '#src/shared/insight.ts';
import { formatCount, formatRate } from '../format';
import { STEP_LABELS } from './step-labels';

// The funnel drawn as bars, each step's width its share of the referrals. Hidden from screen readers: the
// table below carries the same figures.
export function FunnelBars({ steps }: { steps: FunnelStepFigures[] }) {
  const referred = steps[0]?.reached ?? 0;
  return (
    <div className="space-y-2" aria-hidden="true" data-testid="funnel-bars">
      {steps.map((step) => {
        const share = referred > 0 ? step.reached / referred : 0;
        return (
          <div key={step.step} className="grid grid-cols-[minmax(6rem,9rem)_1fr] items-center gap-2 text-sm">
            <span className="truncate">{STEP_LABELS[step.step]()}</span>
            <div className="flex min-w-0 items-center gap-2">
              <div className="h-5 min-w-0 flex-1 overflow-hidden rounded bg-base-200">
                <div
                  className="h-full rounded bg-primary"
                  style={{ width: `${Math.max(share * 100, step.reached > 0 ? 1 : 0)}%` }}
                />
              </div>
              <span className="w-24 shrink-0 text-right tabular-nums">
                {formatCount(step.reached)}
                {step.step !== 'REFERRED' && (
                  <span className="text-base-content/60"> · {formatRate(referred > 0 ? share : null)}</span>
                )}
              </span>
            </div>
          </div>
        );
      })}
    </div>
  );
}
