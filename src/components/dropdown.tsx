import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';

// A <details> dropdown (keyboard and screen-reader friendly without extra code) that also closes
// after a navigation, on a click outside and on Escape. Its content is rendered the first time it opens,
// then kept: a closed menu costs the first screen nothing (issue 7).
export function Dropdown({
  summary,
  summaryClassName = 'btn btn-ghost btn-sm',
  label,
  className = '',
  contentClassName = '',
  children,
}: {
  summary: ReactNode;
  summaryClassName?: string;
  label?: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(false);
  const href = useRouterState({ select: (state) => state.location.href });

  useEffect(() => {
    // Runs after every navigation: the href dependency is the trigger.
    void href;
    ref.current?.removeAttribute('open');
  }, [href]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key === 'Escape') details.removeAttribute('open');
      } else if (!details.contains(event.target as Node)) {
        details.removeAttribute('open');
      }
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <details
      ref={ref}
      className={`dropdown ${className}`}
      onToggle={(event) => event.currentTarget.open && setOpened(true)}
    >
      <summary className={summaryClassName} aria-label={label}>
        {summary}
      </summary>
      <div
        className={`dropdown-content z-50 mt-2 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${contentClassName}`}
      >
        {opened && children}
      </div>
    </details>
  );
}
