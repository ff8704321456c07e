import type { ReactNode } from 'react';

/**
 * A screen's title, the line under it, and its actions on the right (below on a phone): every list screen
 * opens so. `create` is the usual action, a primary button that opens the new item's dialog.
 */
export function PageHeading({
  title,
  intro,
  create,
  children,
}: {
  title: string;
  intro?: ReactNode;
  create?: { label: string; onClick: () => void };
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {intro && <p className="text-sm text-base-content/70">{intro}</p>}
      </div>
      {create && (
        <button type="button" className="btn btn-sm btn-primary" onClick={create.onClick} aria-haspopup="dialog">
          {create.label}
        </button>
      )}
      {children}
    </div>
  );
}
