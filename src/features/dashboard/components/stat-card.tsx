import type { ReactNode } from 'react';

// One number with its label; `testId` lets a test read the value alone.
export function StatCard({
  label,
  value,
  testId,
  action,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  action?: ReactNode;
}) {
  return (
    <div className="stats border border-base-300 bg-base-100" data-testid={testId}>
      <div className="stat px-4 py-3">
        <div className="stat-title whitespace-normal text-xs">{label}</div>
        <div className="stat-value text-xl tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </div>
        {action && <div className="stat-desc">{action}</div>}
      </div>
    </div>
  );
}
