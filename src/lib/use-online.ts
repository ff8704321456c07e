import { useSyncExternalStore } from 'react';

// Whether the browser says it has a network: `navigator.onLine`, followed through its `online` and
// `offline` events. (TanStack Query's own flag, used by the saved-cache note, follows the same events.)
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
