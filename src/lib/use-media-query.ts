import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the CSS media `query` matches, followed through its changes (a rotated phone, a resized
 * window). Where the browser cannot say (no matchMedia), it matches: callers use it to leave out what a
 * screen hides, so the unknown case renders everything.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia !== 'function') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia !== 'function' || matchMedia(query).matches,
    () => true,
  );
}
