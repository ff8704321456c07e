import { IDEMPOTENCY_KEEP_DAYS } from '#src/shared/constants.ts';
import { dropEntryFile, getEntryFile, listEntries, updateEntry } from './outbox-store';
import type { OutboxEntry, OutboxError, OutboxFile } from './outbox-types';

// One pass over a user's due entries, oldest first: the outbox's state machine, the same in the page
// and in the service worker (each brings its own way to send and to refresh tokens).
//   2xx                       -> sent (the answer kept, the file bytes dropped)
//   401                       -> one shared refresh, then the same entry again; no session -> stop, keep all
//   network error, 5xx, 408   -> waiting, tried again after a back-off with jitter; the pass stops
//   409 "key in progress"     -> waiting, tried again shortly (another send of it is still running)
//   429                       -> waiting until Retry-After
//   any other 4xx             -> needs attention, with the server's error
//   tried and older than the server keeps keys (7 days) -> needs attention: the user decides
// An entry is never deleted here: only a 2xx makes it "sent".

export type RefreshOutcome = 'fresh' | 'ended' | 'transient';

export type ReplayDeps = {
  userId: number;
  /** The access token to send with now; null when signed out. */
  accessToken: () => string | null | Promise<string | null>;
  /** After a 401 with `stale`: one refresh shared by every caller. */
  refresh: (stale: string) => Promise<RefreshOutcome>;
  /** One send. Rejects on a network failure. */
  send: (entry: OutboxEntry, file: OutboxFile | undefined, accessToken: string) => Promise<Response>;
  now?: () => number;
  random?: () => number;
  /**
   * The pass holds the outbox's Web Lock: no other replay sends meanwhile, so an entry's send need not
   * wait for it to be marked "sending" first.
   */
  exclusive?: boolean;
  /** Where a pass spends its time (the benchmark prints it): see ReplayStep. */
  observe?: (step: ReplayStep, ms: number) => void;
};

/**
 * The waits on a pass's critical path: `file` (an entry's file bytes from IndexedDB, read while the entry
 * before it was on the wire), `send` (its body built, on the wire and in the server), `finish` (the answers still being
 * recorded after the last send, and the listing after them).
 */
export type ReplayStep = 'file' | 'send' | 'finish';

export type ReplayOutcome = {
  sent: number;
  refused: number;
  /** The session is gone: the entries wait for the user to log in again. */
  signedOut: boolean;
  /** When the earliest waiting entry is due again (ms), or null when none waits. */
  nextAttemptAt: number | null;
};

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_CAP_MS = 5 * 60_000;
const IN_PROGRESS_RETRY_MS = 5_000;
const IN_PROGRESS_CODE = 'IDEMPOTENCY_KEY_IN_PROGRESS';
const KEY_KEPT_MS = IDEMPOTENCY_KEEP_DAYS * 24 * 60 * 60_000;
/** An entry tried before and older than the server's memory of its key: sending it could make a second record. */
export const OUTBOX_TOO_OLD = 'OUTBOX_TOO_OLD';

/** Exponential back-off with "equal jitter": never zero, never in lockstep with other devices. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

const isDue = (entry: OutboxEntry, now: number) =>
  (entry.state === 'waiting' || entry.state === 'sending') && entry.nextAttemptAt <= now;

export async function replayOutbox(deps: ReplayDeps): Promise<ReplayOutcome> {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const outcome: ReplayOutcome = { sent: 0, refused: 0, signedOut: false, nextAttemptAt: null };
  const tried = new Set<string>();
  // A 2xx is recorded ("sent", its answer kept, its file bytes dropped) while the next entry is on the
  // wire: the IndexedDB writes no longer sit between two sends (issue 28). They are awaited before the
  // pass ends, so its outcome and the stored states agree.
  const records: Promise<unknown>[] = [];
  // The file bytes of entries sent, freed once the pass has sent what it could: deleting megabytes from
  // IndexedDB while the next uploads went out slowed them down (the same disk and CPUs serve both).
  const sentFiles: string[] = [];
  const clock = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
  // `work` is started inside the clock: a send's synchronous start (its multipart body, the request's
  // setup) is part of sending, as it is in a plain loop of POSTs, not of the outbox's own work.
  const timed = async <T>(step: ReplayStep, work: () => Promise<T>): Promise<T> => {
    if (!deps.observe) return work();
    const started = clock();
    try {
      return await work();
    } finally {
      deps.observe(step, clock() - started);
    }
  };
  const files = new Map<string, Promise<OutboxFile | undefined>>();
  const fileOf = (entry: OutboxEntry): Promise<OutboxFile | undefined> => {
    let file = files.get(entry.id);
    if (!file) {
      file = entry.file ? getEntryFile(entry.id).catch(() => undefined) : Promise.resolve(undefined);
      files.set(entry.id, file);
    }
    return file;
  };
  // Set when the pass stopped for the network, the server or a rate limit: the entries left would
  // fail the same way, so the next pass waits for that entry's back-off rather than trying them now.
  let pausedUntil = 0;

  // Due entries are listed once per round, each claimed as it is stored at its turn (sendOne), so a
  // stale listing does no harm; a round ends by listing again, so one queued meanwhile (by this or
  // another tab) is seen. 'sending' counts as due: the replay holds the lock, so a 'sending' left over
  // is a send cut short.
  rounds: for (;;) {
    const due = (await listEntries(deps.userId)).filter((item) => !tried.has(item.id) && isDue(item, now()));
    if (due.length === 0) break;
    for (const [index, entry] of due.entries()) {
      tried.add(entry.id);
      // The next file is read from IndexedDB while this one is on the wire (at most two in memory).
      const next = due[index + 1];
      if (next) fileOf(next);
      const step = await sendOne(entry);
      files.delete(entry.id);
      if (step === 'stop') break rounds;
    }
  }

  const finishing = timed('finish', () => Promise.all(records).then(() => listEntries(deps.userId)));
  const waiting = (await finishing).filter((entry) => entry.state === 'waiting');
  await Promise.all(sentFiles.map((id) => dropEntryFile(id).catch(() => {})));
  outcome.nextAttemptAt = waiting.length
    ? Math.max(pausedUntil, Math.min(...waiting.map((entry) => entry.nextAttemptAt)))
    : null;
  return outcome;

  async function sendOne(entry: OutboxEntry): Promise<'next' | 'stop'> {
    if (entry.attempts > 0 && now() - entry.createdAt > KEY_KEPT_MS) {
      // A try whose answer was lost may have reached the server, which no longer remembers the key.
      const error = { code: OUTBOX_TOO_OLD, status: 0, message: 'Kept longer than the server remembers its key.' };
      await updateEntry(entry.id, (current) =>
        current.state === 'sent' ? null : { ...current, state: 'needs-attention', error },
      );
      outcome.refused += 1;
      return 'next';
    }
    let token = await deps.accessToken();
    if (!token) {
      outcome.signedOut = true;
      return 'stop';
    }
    // Taken as it is stored now: a replay without the lock (two tabs where there are no Web Locks) may
    // have sent or refused it since it was listed, and its file bytes may be gone with the 2xx. Holding
    // the lock, nobody else sends, so the send goes at once and the entry is marked "sending" while it is
    // on the wire (issue 28: with the answer's record, that IndexedDB write between two sends was most of
    // the outbox's cost next to a plain loop of POSTs). Nothing is recorded unless the claim was ours.
    const claim = updateEntry(entry.id, (current) => (isDue(current, now()) ? { ...current, state: 'sending' } : null));
    if (!deps.exclusive && (await claim)?.state !== 'sending') return 'next';
    const file = await timed('file', () => fileOf(entry));
    if (entry.file && !file) {
      await claim;
      return 'next';
    }
    const attempt = (accessToken: string) => timed('send', () => deps.send(entry, file, accessToken)).catch(() => null);

    let response = await attempt(token);
    if ((await claim)?.state !== 'sending') return 'next';
    if (response?.status === 401) {
      const refreshed = await deps.refresh(token);
      token = refreshed === 'fresh' ? await deps.accessToken() : null;
      if (refreshed === 'ended' || (refreshed === 'fresh' && !token)) {
        await backToWaiting(entry, 0, null);
        outcome.signedOut = true;
        return 'stop';
      }
      response = token ? await attempt(token) : null;
      if (response?.status === 401) {
        // A fresh token refused as well: the session is gone for the server.
        await backToWaiting(entry, 0, null);
        outcome.signedOut = true;
        return 'stop';
      }
    }

    if (!response) return failedForNow(entry, { code: 'NETWORK_ERROR', status: 0, message: 'Network request failed' });
    if (response.ok) {
      const sentAt = now();
      records.push(
        response
          .json()
          .catch(() => null)
          .then((body: { data?: unknown } | null) =>
            updateEntry(entry.id, (current) => ({
              ...current,
              state: 'sent',
              sentAt,
              answer: body?.data ?? null,
              error: undefined,
            })),
          ),
      );
      if (entry.file) sentFiles.push(entry.id);
      outcome.sent += 1;
      return 'next';
    }

    const error = await errorOf(response);
    if (response.status >= 500 || response.status === 408) return failedForNow(entry, error);
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      pausedUntil = now() + (Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 60_000);
      await backToWaiting(entry, 0, error, pausedUntil);
      return 'stop';
    }
    if (response.status === 409 && error.code === IN_PROGRESS_CODE) {
      await backToWaiting(entry, 0, null, now() + IN_PROGRESS_RETRY_MS);
      return 'next';
    }
    await updateEntry(entry.id, (current) =>
      current.state === 'sent' ? null : { ...current, state: 'needs-attention', error },
    );
    outcome.refused += 1;
    return 'next';
  }

  // The network or the server failed: keep the entry, try later, and end this pass (the rest would fail too).
  async function failedForNow(entry: OutboxEntry, error: OutboxError): Promise<'stop'> {
    const stored = await backToWaiting(entry, 1, error);
    if (stored?.state === 'waiting') pausedUntil = stored.nextAttemptAt;
    return 'stop';
  }

  function backToWaiting(entry: OutboxEntry, failed: 0 | 1, error: OutboxError | null, at?: number) {
    return updateEntry(entry.id, (current) => {
      if (current.state === 'sent') return null;
      const attempts = current.attempts + failed;
      return {
        ...current,
        state: 'waiting',
        attempts,
        nextAttemptAt: at ?? (failed ? now() + backoffDelay(attempts, random) : now()),
        error: error ?? current.error,
      };
    });
  }
}

async function errorOf(response: Response): Promise<OutboxError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown; fields?: Record<string, string> };
  } | null;
  const error = body?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return { code: error.code, status: response.status, message: error.message, fields: error.fields };
  }
  return { code: 'UNKNOWN_ERROR', status: response.status, message: `HTTP ${response.status}` };
}
