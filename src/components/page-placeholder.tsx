import type { ReactNode } from 'react';
import { m } from '#src/paraglide/messages.js';

// The honest empty state of a screen whose content lands in a later issue: the real title as the
// page's heading, and a short "coming soon" note.
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div className="card border border-base-300 bg-base-100" data-testid="page-placeholder">
        <div className="card-body items-center py-12 text-center">
          <span className="badge badge-soft badge-primary">{m.placeholder_coming_soon()}</span>
          <p className="max-w-prose text-base-content/70">{m.placeholder_text()}</p>
          {children}
        </div>
      </div>
    </section>
  );
}
