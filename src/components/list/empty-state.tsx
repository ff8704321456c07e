import type { ReactNode } from 'react';

// What a list shows when it has nothing: a sentence, and the next step when there is one.
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="card border border-dashed border-base-300 bg-base-100" data-testid="empty-state">
      <div className="card-body items-center py-10 text-center">
        <p className="text-base-content/70">{title}</p>
        {children}
      </div>
    </div>
  );
}
