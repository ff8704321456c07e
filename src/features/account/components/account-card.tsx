import type { ReactNode } from 'react';

// One section of the account page: a titled card, linked from its heading's id.
export function AccountCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div>
          <h2 id={`${id}-heading`} className="card-title text-lg">
            {title}
          </h2>
          {intro && <p className="text-sm text-base-content/70">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
