import { clear, createStore, del, get, keys, set, type UseStore, values } from 'idb-keyval';
import { OUTBOX_CHANNEL, type OutboxEntry, type OutboxFile } from './outbox-types';

// The outbox in IndexedDB: entries (small: fields, state) in one database and file bytes in another,
// so listing entries for a screen never loads megabytes. A file is written before its entry and
// removed after it, and `sweepOrphanFiles` removes bytes whose entry is gone (a crash in between).
// Every write is announced to this context's listeners and, through a BroadcastChannel, to the other
// tabs and the service worker.

let entryStore: UseStore | null = null;
let fileStore: UseStore | null = null;
const entries = () => {
  entryStore ??= createStore('recruiter-outbox', 'entries');
  return entryStore;
};
const files = () => {
  fileStore ??= createStore('recruiter-outbox-files', 'files');
  return fileStore;
};

const listeners = new Set<() => void>();
let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
    channel?.addEventListener('message', () => emitLocal());
  }
  return channel;
}

function emitLocal() {
  for (const listener of listeners) listener();
}

function announce() {
  emitLocal();
  getChannel()?.postMessage('changed');
}

/** Called after any change to the outbox, made here, in another tab or in the service worker. */
export function onOutboxChange(listener: () => void): () => void {
  getChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The entries, oldest first; only `userId`'s when given. */
export async function listEntries(userId?: number): Promise<OutboxEntry[]> {
  const all = await values<OutboxEntry>(entries());
  return all
    .filter((entry) => userId === undefined || entry.userId === userId)
    .sort((a, b) => a.createdAt - b.createdAt);
}

export const getEntry = (id: string): Promise<OutboxEntry | undefined> => get<OutboxEntry>(id, entries());

export const getEntryFile = (id: string): Promise<OutboxFile | undefined> => get<OutboxFile>(id, files());

// Entries this context is writing. Their file is stored before them, so until the entry is too, the file
// looks like an orphan: the start-up sweep deleted the file of a drop queued in the app's first moments,
// which then stayed "sending" with nothing to send.
const writing = new Set<string>();

/** Writes a new entry, its file first. */
export async function addEntry(entry: OutboxEntry, file?: OutboxFile): Promise<void> {
  writing.add(entry.id);
  try {
    if (file) await set(entry.id, file, files());
    await set(entry.id, entry, entries());
  } finally {
    writing.delete(entry.id);
  }
  announce();
}

/**
 * Changes an entry in one read-write transaction, so a change made meanwhile by another tab is not
 * overwritten with an old copy. `change` answering null leaves it as it is. Answers the entry as stored.
 */
export async function updateEntry(
  id: string,
  change: (entry: OutboxEntry) => OutboxEntry | null,
): Promise<OutboxEntry | undefined> {
  const stored = await entries()(
    'readwrite',
    (store) =>
      new Promise<OutboxEntry | undefined>((resolve, reject) => {
        const request = store.get(id);
        let result: OutboxEntry | undefined;
        request.onsuccess = () => {
          const current = request.result as OutboxEntry | undefined;
          const next = current ? change(current) : null;
          result = next ?? current;
          if (next) store.put(next, id);
        };
        store.transaction.oncomplete = () => resolve(result);
        store.transaction.onerror = () => reject(store.transaction.error);
        store.transaction.onabort = () => reject(store.transaction.error);
      }),
  );
  announce();
  return stored;
}

/** Removes an entry's file bytes (after a 2xx: the entry stays as a receipt). */
export async function dropEntryFile(id: string): Promise<void> {
  await del(id, files());
}

export async function deleteEntry(id: string): Promise<void> {
  await del(id, entries());
  await del(id, files());
  announce();
}

/** Removes file bytes whose entry is gone. */
export async function sweepOrphanFiles(): Promise<void> {
  // Entries listed after the files: an entry stored meanwhile is seen. One being written here is not an
  // orphan, nor one another tab has stored since (looked up again just before its file would go).
  const fileIds = await keys(files());
  const live = new Set(await keys(entries()));
  for (const id of fileIds) {
    if (live.has(id) || writing.has(id as string)) continue;
    if ((await get(id, entries())) === undefined && !writing.has(id as string)) await del(id, files());
  }
}

/** Everything, every user's: logout. */
export async function clearOutbox(): Promise<void> {
  await clear(entries());
  await clear(files());
  announce();
}
