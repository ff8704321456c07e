import { m } from '#src/paraglide/messages.js';

// Kept apart from list-states: a recruiter screen's pendingComponent stays in the entry chunk (it shows
// while the screen's chunk loads: vite.config.ts), and so does everything its module holds.

/** Placeholder cards while a slow first load runs (the layout's loading bar shows too). */
export function CardSkeletons({ count = 3 }: { count?: number }) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only">{m.common_loading()}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={index} className="card card-sm border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-5 w-3/4" />
            <div className="skeleton h-4 w-1/2" />
            <div className="grid grid-cols-2 gap-3">
              <div className="skeleton h-8" />
              <div className="skeleton h-8" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** A route's pendingComponent: the page title and skeleton cards. */
export function RoutePending({ title }: { title: string }) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <CardSkeletons />
    </section>
  );
}
