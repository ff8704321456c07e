import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * Classes of a scrolling table's first column (its header and each row's name cell): it stays in view
 * while the figures scroll sideways on a phone, so each row still says which step, month or promo it is.
 */
export const PINNED_COLUMN = 'sticky left-0 z-[1] bg-base-100';

/**
 * A table's box that scrolls sideways on a narrow screen. While its content is wider than the box, it
 * takes the focus, so a keyboard can scroll it (WCAG 2.1.1); while everything fits (an admin's table on a
 * desktop) it is no tab stop, so the keyboard goes from control to control instead of through each box.
 */
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
  const ref = useRef<HTMLElement>(null);
  const scrolls = useScrollsSideways(ref);
  const box = `overflow-x-auto rounded-box border border-base-300 ${className}`;
  return (
    <section ref={ref} className={box} aria-label={label} tabIndex={scrolls ? 0 : undefined}>
      {children}
    </section>
  );
}

/**
 * Whether the box's content is wider than the box, followed as either changes size (rows arriving, a
 * rotated phone). Where the browser cannot say (no ResizeObserver), it scrolls: the box stays reachable.
 */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(true);
  // After every render (new rows, or a table in a loading line's place, need not resize the box) and
  // whenever the box or its content changes size.
  useEffect(() => {
    if (ref.current && typeof ResizeObserver === 'function') setScrolls(overflows(ref.current));
  });
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setScrolls(overflows(box)));
    observer.observe(box);
    for (const child of box.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

const overflows = (box: HTMLElement) => box.scrollWidth > box.clientWidth;
