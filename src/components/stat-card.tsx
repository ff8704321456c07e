import type { ReactNode } from 'react';

// One headline number with its label and, below it, a line saying what it is made of or a link to act on
// it (the dashboards, Admin › Insight); `testId` lets a test read the value alone.
export function StatCard({
  label,
  value,
  testId,
  detail,
  wide = false,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  detail?: ReactNode;
  /**
   * A sum of money: a whole row of its two-column grid on a phone. "MYR 18,000.00" cannot wrap (a
   * non-breaking space), and in half a 360 px row daisyUI's stats box scrolled it sideways, a region no
   * keyboard could reach.
   */
  wide?: boolean;
}) {
  return (
    <div
      className={`stats border border-base-300 bg-base-100 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}
      data-testid={testId}
    >
      <div className="stat px-4 py-3">
        <div className="stat-title whitespace-normal text-xs">{label}</div>
        {/* Totals in several currencies wrap, one per line, rather than scroll. */}
        <div className="stat-value text-xl tabular-nums whitespace-normal sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </div>
        {detail && <div className="stat-desc whitespace-normal">{detail}</div>}
      </div>
    </div>
  );
}
