import { useSyncExternalStore } from 'react';
import { progressOf, subscribeProgress } from './outbox-progress';
import { getOutboxSnapshot, subscribeOutbox } from './outbox-snapshot';
import { isUnsent, type OutboxEntry } from './outbox-types';

// The signed-in user's outbox for screens: every entry, one entry, the unsent count, a send's progress.

export function useOutbox(): { entries: readonly OutboxEntry[]; loaded: boolean } {
  return useSyncExternalStore(subscribeOutbox, getOutboxSnapshot, getOutboxSnapshot);
}

export function useOutboxEntry(id: string | undefined): OutboxEntry | undefined {
  const { entries } = useOutbox();
  return id ? entries.find((entry) => entry.id === id) : undefined;
}

export function useUnsentCount(): number {
  return useOutbox().entries.filter(isUnsent).length;
}

/** 0..1 while the entry is being sent from this tab, else null. */
export function useSendProgress(id: string | undefined): number | null {
  return useSyncExternalStore(
    subscribeProgress,
    () => (id ? progressOf(id) : null),
    () => null,
  );
}
