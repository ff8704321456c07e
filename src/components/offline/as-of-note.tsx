import { hashKey, onlineManager, type QueryKey, type QueryState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const isOnline = () => onlineManager.isOnline();

// Whether TanStack Query believes the device is online (main.tsx starts it from `navigator.onLine`).
function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}

/** The live state of the query with exactly this key, or undefined when it is not in the cache. */
function useQueryStateOf(queryKey: QueryKey): QueryState | undefined {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(() => onChange()), [cache]);
  // Looked up by its hash (the cache's own key, as no query here hashes its key its own way): find()
  // would hash the key again for every query in the cache, and the snapshot is read on every change of
  // any query, dozens of times while a restored cache and a first screen load (issue 7).
  const queryHash = hashKey(queryKey);
  // The state object is replaced on every change of the query, so it is a stable snapshot.
  return useSyncExternalStore(subscribe, () => cache.get(queryHash)?.state);
}

/**
 * "Offline — showing what was saved at …" over a screen read from the saved cache: shown only while
 * offline or after the last refetch of `queryKey` failed, with the time its data was loaded.
 */
export function AsOfNote({ queryKey, className = '' }: { queryKey: QueryKey; className?: string }) {
  const online = useOnline();
  const state = useQueryStateOf(queryKey);
  if (!state || state.data === undefined || !state.dataUpdatedAt) return null;
  if (online && state.status !== 'error') return null;
  return (
    <p role="status" className={`alert alert-soft alert-warning py-2 text-sm ${className}`} data-testid="as-of-note">
      {m.offline_as_of({ time: formatDateTime(state.dataUpdatedAt) })}
    </p>
  );
}
