import { useSyncExternalStore } from 'react';
import { isBrowserOffline } from './app-error';
import { REACHABILITY_EVENT } from './server-reachability';

// Whether the app can reach its server: the browser says it has a network (`navigator.onLine`, followed
// through its `online` and `offline` events) and the last request got an answer (a failed fetch is
// offline whatever the browser says: lib/server-reachability.ts). (TanStack Query's own flag, used by
// the saved-cache note, follows the browser's events only.)
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  window.addEventListener(REACHABILITY_EVENT, onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    window.removeEventListener(REACHABILITY_EVENT, onChange);
  };
}

const isOnline = (): boolean => !isBrowserOffline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
