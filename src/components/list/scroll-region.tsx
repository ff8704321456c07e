import type { ReactNode } from 'react';

/**
 * Classes of a scrolling table's first column (its header and each row's name cell): it stays in view
 * while the figures scroll sideways on a phone, so each row still says which step, month or promo it is.
 */
export const PINNED_COLUMN = 'sticky left-0 z-[1] bg-base-100';

/** A table's box that scrolls sideways on a narrow screen; it takes the focus so a keyboard can scroll it. */
export function ScrollRegion({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  /** More classes on the box (its background). */
  className?: string;
}) {
  const box = `overflow-x-auto rounded-box border border-base-300 ${className}`;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <section className={box} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
