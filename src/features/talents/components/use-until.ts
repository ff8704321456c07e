import { useEffect, useState } from 'react';

/** Whether `untilMs` is still ahead; re-renders when it passes, so a waiting button comes back by itself. */
export function useUntil(untilMs: number | null): boolean {
  const [, setTick] = useState(0);
  const waiting = untilMs !== null && untilMs > Date.now();
  useEffect(() => {
    if (untilMs === null) return;
    const delay = untilMs - Date.now();
    if (delay <= 0) return;
    // setTimeout holds at most ~24.8 days; a wait is minutes.
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(delay + 250, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [untilMs]);
  return waiting;
}
