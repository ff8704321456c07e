import type { ReactNode } from 'react';

// One headline figure with its label and a line saying what it is made of; `testId` lets a test read it.
export function FigureCard({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <div className="stats border border-base-300 bg-base-100" data-testid={testId}>
      <div className="stat px-4 py-3">
        <div className="stat-title whitespace-normal text-xs">{label}</div>
        <div className="stat-value text-xl tabular-nums sm:text-2xl" data-testid={`${testId}-value`}>
          {value}
        </div>
        {detail && <div className="stat-desc whitespace-normal">{detail}</div>}
      </div>
    </div>
  );
}
