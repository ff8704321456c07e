import type { ReactNode } from 'react';

// One headline number with its label and, below it, a line saying what it is made of or a link to act on
// it (the dashboards, Admin › Insight); `testId` lets a test read the value alone.
export function StatCard({
  label,
  value,
  testId,
  detail,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  detail?: ReactNode;
}) {
  return (
    <div className="stats border border-base-300 bg-base-100" data-testid={testId}>
      <div className="stat px-4 py-3">
        <div className="stat-title whitespace-normal text-xs">{label}</div>
        {/* Totals in several currencies wrap on a phone: daisyUI's stats box would scroll them sideways, a
            region a keyboard cannot reach (axe: scrollable-region-focusable on the admin's dashboard). */}
        <div className="stat-value text-xl tabular-nums whitespace-normal sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </div>
        {detail && <div className="stat-desc whitespace-normal">{detail}</div>}
      </div>
    </div>
  );
}
