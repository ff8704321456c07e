import { listEntries, onOutboxChange } from './outbox-store';
import type { OutboxEntry } from './outbox-types';

// The signed-in user's entries as last read from IndexedDB, re-read after every change (here, in
// another tab, in the service worker). Screens read it with useSyncExternalStore (use-outbox.ts); the
// runner hears from it which entries became "sent", whoever sent them.

type Snapshot = { userId: number | null; entries: readonly OutboxEntry[]; loaded: boolean };

let snapshot: Snapshot = { userId: null, entries: [], loaded: false };
const listeners = new Set<() => void>();
const sentListeners = new Set<(entry: OutboxEntry) => void>();
let followingStore = false;
let reading: Promise<void> | null = null;
let readAgain = false;
const JUST_SENT_MS = 2 * 60_000;

export const getOutboxSnapshot = (): Snapshot => snapshot;

export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once for each entry seen turning "sent" while the app runs. */
export function onEntrySent(listener: (entry: OutboxEntry) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** Follows `userId`'s entries (null: nobody's). */
export function followOutbox(userId: number | null): Promise<void> {
  if (!followingStore) {
    followingStore = true;
    onOutboxChange(() => void refreshOutboxSnapshot());
  }
  if (snapshot.userId !== userId) publish({ userId, entries: [], loaded: false });
  return refreshOutboxSnapshot();
}

/** Reads the entries again; calls made while a read runs are folded into one more read. */
export function refreshOutboxSnapshot(): Promise<void> {
  if (reading) {
    readAgain = true;
    return reading;
  }
  reading = (async () => {
    do {
      readAgain = false;
      const userId = snapshot.userId;
      let entries: OutboxEntry[] = [];
      try {
        entries = userId === null ? [] : await listEntries(userId);
      } catch {
        // No IndexedDB (a locked-down browser): an empty outbox; enqueueing will say why it failed.
      }
      if (snapshot.userId !== userId) continue;
      const before = new Map(snapshot.entries.map((entry) => [entry.id, entry.state]));
      publish({ userId, entries, loaded: true });
      for (const entry of entries) {
        const was = before.get(entry.id);
        // Also one first seen already sent, if lately: a send quicker than this read (or made by another tab).
        const justSent = was === undefined && (entry.sentAt ?? 0) > Date.now() - JUST_SENT_MS;
        if (entry.state === 'sent' && (justSent || (was && was !== 'sent'))) {
          for (const listener of sentListeners) listener(entry);
        }
      }
    } while (readAgain);
  })().finally(() => {
    reading = null;
  });
  return reading;
}

function publish(next: Snapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}
