import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import { LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from '#src/shared/constants.ts';

type Phase = 'idle' | 'start' | 'grow' | 'done';

// The seed's full-page loading indicator: only for navigations slower than the throttle, so quick
// ones do not flash. It creeps towards 90% over the indicator duration, then completes and fades.
export function LoadingBar() {
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => setPhase('start'), LOADING_BAR_THROTTLE_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === 'idle' ? 'idle' : 'done'));
  }, [pending]);

  useEffect(() => {
    if (phase === 'start') {
      // One frame at 0% so the width transition has a starting point.
      const frame = requestAnimationFrame(() => setPhase('grow'));
      return () => cancelAnimationFrame(frame);
    }
    if (phase === 'done') {
      const timer = setTimeout(() => setPhase('idle'), 300);
      return () => clearTimeout(timer);
    }
  }, [phase]);

  if (phase === 'idle') return null;
  const width = phase === 'start' ? '0%' : phase === 'grow' ? '90%' : '100%';
  const duration = phase === 'grow' ? LOADING_BAR_DURATION_MS : 200;
  return (
    <div
      role="progressbar"
      aria-label={m.common_loading()}
      aria-busy={phase !== 'done'}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-1"
      data-testid="loading-bar"
    >
      <div
        className="h-full bg-primary shadow-[0_0_6px] shadow-primary"
        style={{
          width,
          opacity: phase === 'done' ? 0 : 1,
          transition: `width ${duration}ms ease-out, opacity 300ms ease-in 100ms`,
        }}
      />
    </div>
  );
}
