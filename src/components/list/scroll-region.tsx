import type { ReactNode } from 'react';

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
