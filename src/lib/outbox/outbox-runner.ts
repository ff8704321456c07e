import type { QueryClient } from '@tanstack/react-query';
import { refreshAfter401 } from '#src/lib/api-client.ts';
import { AppError } from '#src/lib/app-error.ts';
import { currentUserId, getAuthTokens, subscribeAuth } from '#src/lib/auth-session.ts';
import { buildUploadBody, getUploadTransport, newClientId } from '#src/lib/upload.ts';
import { OutboxStorageError } from './outbox-errors';
import { isSending, progressOf, setProgress, subscribeProgress } from './outbox-progress';
import { type ReplayDeps, type ReplayStep, replayOutbox } from './outbox-replay';
import { followOutbox, onEntrySent } from './outbox-snapshot';
import { addEntry, deleteEntry, getEntryFile, listEntries, sweepOrphanFiles, updateEntry } from './outbox-store';
import {
  OUTBOX_FILE_FIELD,
  OUTBOX_LOCK,
  OUTBOX_PATHS,
  OUTBOX_RECEIPT_TTL_MS,
  OUTBOX_SYNC_TAG,
  type OutboxEntry,
  type OutboxFile,
  type OutboxKind,
  type OutboxMeta,
} from './outbox-types';

// The page's side of the outbox: writes entries, and replays them on start, when the network comes
// back, when the app becomes visible again, on "Retry now", and when a back-off ends. Where the
// browser has Background Sync the service worker replays too (sw/outbox-sync.ts); a Web Lock keeps it
// to one replay at a time across tabs and the worker.

type Locks = { request<T>(name: string, callback: () => Promise<T>): Promise<T> };

let started = false;
let userId: number | null = null;
let running: Promise<void> | null = null;
let again: Promise<void> | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
let queryClient: QueryClient | null = null;
let observer: ReplayDeps['observe'];

/** The benchmark's page (tests/bench/page.ts): hears where each replay spends its time. */
export function observeReplay(next: ((step: ReplayStep, ms: number) => void) | undefined): void {
  observer = next;
}

/** main.tsx: the cache whose lists change when an entry is sent. */
export function setOutboxQueryClient(client: QueryClient): void {
  queryClient = client;
}

/** Starts following the signed-in user's outbox and replaying it. Idempotent. */
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  userId = currentUserId();
  void followOutbox(userId);
  subscribeAuth(() => {
    const next = currentUserId();
    if (next === userId) return;
    userId = next;
    void followOutbox(next);
    if (next !== null) kickOutbox();
  });
  // Back online: what waited out a back-off during the outage goes now, not minutes later.
  window.addEventListener('online', () => void retryNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') kickOutbox();
  });
  onEntrySent(invalidateFor);
  void tidy().finally(() => kickOutbox());
}

/** Writes a submission to the outbox, then sends it as soon as it can. Answers the stored entry. */
export async function enqueue(input: {
  kind: OutboxKind;
  fields: Record<string, unknown>;
  file?: OutboxFile;
  meta?: OutboxMeta;
  /** An entry this one corrects (a refused one, fixed in its form): it goes once this one is stored. */
  replaces?: string;
}): Promise<OutboxEntry> {
  const owner = currentUserId();
  if (owner === null) throw new AppError('UNAUTHORIZED', 401, 'Log in to send this.');
  const now = Date.now();
  const entry: OutboxEntry = {
    id: newClientId(),
    userId: owner,
    kind: input.kind,
    fields: input.fields,
    file: input.file && { name: input.file.name, type: input.file.type, size: input.file.data.byteLength },
    meta: input.meta ?? {},
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
  };
  try {
    await addEntry(entry, input.file);
    if (input.replaces) await deleteEntry(input.replaces);
  } catch (error) {
    throw new OutboxStorageError(error);
  }
  if (userId === null) {
    userId = owner;
    await followOutbox(owner);
  }
  void requestBackgroundSync();
  kickOutbox();
  return entry;
}

/** Sends a refused entry again as it is, under a new key (the old key's answer is the refusal). */
export async function resendEntry(id: string, fields?: Record<string, unknown>): Promise<OutboxEntry | null> {
  const old = (await listEntries(currentUserId() ?? -1)).find((entry) => entry.id === id);
  if (!old) return null;
  const file = old.file ? await getEntryFile(id) : undefined;
  // A new try is the outbox's business again, even if a form had been holding the old one.
  const { handedBack: _, ...meta } = old.meta;
  return enqueue({ kind: old.kind, fields: fields ?? old.fields, file, meta, replaces: id });
}

export const discardEntry = (id: string): Promise<void> => deleteEntry(id);

/** Marks the drop's add-talent flow as moved on (profile completion reached). */
export function markFlowDone(id: string): Promise<unknown> {
  return updateEntry(id, (entry) => ({ ...entry, meta: { ...entry.meta, flowDone: true } }));
}

/** The form has shown this refused entry and holds it for correction: it leaves the badge and the list. */
export function markHandedBack(id: string): Promise<unknown> {
  return updateEntry(id, (entry) =>
    entry.state === 'needs-attention' && !entry.meta.handedBack
      ? { ...entry, meta: { ...entry.meta, handedBack: true } }
      : null,
  );
}

/** "Retry now": every waiting entry is due at once, then a replay. */
export async function retryNow(): Promise<void> {
  const owner = currentUserId();
  if (owner === null) return;
  const now = Date.now();
  for (const entry of await listEntries(owner)) {
    if (entry.state === 'waiting' && entry.nextAttemptAt > now) {
      await updateEntry(entry.id, (current) =>
        current.state === 'waiting' ? { ...current, nextAttemptAt: now } : null,
      );
    }
  }
  await runReplay();
}

/** Asks for a replay now (it waits for one running elsewhere, then runs). */
export function kickOutbox(): void {
  void runReplay();
}

// Kept here too for the screens and tests that read them with the runner.
export { progressOf, subscribeProgress };

/**
 * Resolves once this tab sends nothing (the update prompt waits for it before reloading, which would
 * cut the upload). Only this tab's sends count: a 'sending' left by a closed tab must not block it.
 */
export function whenOutboxIdle(): Promise<void> {
  if (!isSending()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribeProgress(() => {
      if (isSending()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** One replay at a time in this tab; asked again while one runs, one more follows it (and is awaited). */
function runReplay(): Promise<void> {
  if (running) {
    again ??= running.then(() => {
      again = null;
      return runReplay();
    });
    return again;
  }
  running = replayOnce().finally(() => {
    running = null;
  });
  return running;
}

async function replayOnce(): Promise<void> {
  const owner = currentUserId();
  if (owner === null || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
  if (timer) clearTimeout(timer);
  timer = null;
  try {
    const locks = typeof navigator !== 'undefined' ? (navigator.locks as Locks | undefined) : undefined;
    const replay = () => replayOutbox({ ...pageDeps(owner), exclusive: locks !== undefined });
    const outcome = await (locks ? locks.request(OUTBOX_LOCK, replay) : replay());
    if (outcome.nextAttemptAt !== null) {
      timer = setTimeout(kickOutbox, Math.max(250, outcome.nextAttemptAt - Date.now()));
    }
  } catch (error) {
    console.warn('[outbox] replay failed', error);
  }
}

function pageDeps(owner: number): ReplayDeps {
  return {
    userId: owner,
    accessToken: () => getAuthTokens()?.accessToken ?? null,
    refresh: refreshAfter401,
    observe: observer,
    send: async (entry, file, accessToken) => {
      const report = (fraction: number) => setProgress(entry.id, fraction);
      report(0);
      try {
        return await getUploadTransport()(
          {
            url: new URL(OUTBOX_PATHS[entry.kind], location.origin).toString(),
            method: 'POST',
            body: buildUploadBody({ fields: entry.fields, file, fileField: OUTBOX_FILE_FIELD }),
            headers: { Authorization: `Bearer ${accessToken}`, 'Idempotency-Key': entry.id },
          },
          report,
          undefined,
        );
      } finally {
        setProgress(entry.id, null);
      }
    },
  };
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    )?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (iOS, Firefox) or no worker yet: the page's own replay covers it.
  }
}

// Receipts older than a day go, so do refusals handed back to a form that was then left, and file
// bytes a crash left without their entry.
async function tidy(): Promise<void> {
  try {
    const cutoff = Date.now() - OUTBOX_RECEIPT_TTL_MS;
    for (const entry of await listEntries()) {
      if (entry.state === 'sent' && (entry.sentAt ?? 0) < cutoff) await deleteEntry(entry.id);
      else if (entry.meta.handedBack && entry.createdAt < cutoff) await deleteEntry(entry.id);
    }
    await sweepOrphanFiles();
  } catch {
    // IndexedDB unavailable: nothing stored to tidy.
  }
}

// The screens an entry shows on change once it is sent, also when it went in the background while the
// recruiter was elsewhere: the folder's chips and proof counts, the dashboard's to-do lists (a proof
// to redo, a talent to finish adding), the referral itself.
function invalidateFor(entry: OutboxEntry): void {
  if (!queryClient) return;
  const keys: unknown[][] =
    entry.kind === 'call-proof'
      ? [['referrals'], ['talents'], ['dashboard']]
      : entry.kind === 'drop-resume'
        ? [['talents'], ['dashboard']]
        : [['talents'], ['recruiter-tasks'], ['referrals'], ['dashboard']];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
