import { m } from '#src/paraglide/messages.js';

/** Three placeholder rows while a table's page loads in place (the page around it already shows). */
export function RowSkeletons() {
  return (
    <div className="space-y-2" aria-busy="true">
      <span className="sr-only">{m.common_loading()}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="skeleton h-12 w-full" />
      ))}
    </div>
  );
}
