import { setAuthTokens } from '#src/lib/auth-session.ts';
import { enqueue, observeReplay, startOutbox } from '#src/lib/outbox/outbox-runner.ts';
import { getOutboxSnapshot, subscribeOutbox } from '#src/lib/outbox/outbox-snapshot.ts';
import { clearOutbox, listEntries } from '#src/lib/outbox/outbox-store.ts';
import { OUTBOX_FILE_FIELD, OUTBOX_LOCK, OUTBOX_PATHS } from '#src/lib/outbox/outbox-types.ts';
import { getUploadTransport } from '#src/lib/upload.ts';
import { buildUploadBody } from '#src/lib/upload-body.ts';

// The benchmark's page (tests/bench/run.mjs builds it with Vite and has the API server serve it): the
// app's own outbox modules, bundled as the app bundles them, driven from Playwright through
// `window.bench`. Nothing here is timed by Playwright: each step times itself with performance.now().

type Fields = Record<string, unknown>;
type Tokens = { accessToken: string; refreshToken: string };

const PATH = OUTBOX_PATHS['call-proof'];
let tokens: Tokens | null = null;
let files: ArrayBuffer[] = [];

// Where a sync spends its time, as the replay reports it (outbox-replay.ts ReplayStep): the sends (on the
// wire and in the server), the waits for file bytes, and the finish (the last answers recorded); what is
// left of a sync is events, IndexedDB writes and listings on the critical path, and bookkeeping.
const xhr = getUploadTransport();
type Steps = { file: number; send: number; finish: number };
let steps: Steps = { file: 0, send: 0, finish: 0 };
observeReplay((step, ms) => {
  steps[step] += ms;
});

/**
 * `count` distinct PDFs of `size` bytes: `pdf`, then random bytes (readers and type detection ignore
 * what follows %%EOF). Random, as a photo or a scanned CV is: nothing for IndexedDB to compress.
 */
function makeFiles(pdf: number[], size: number, count: number): void {
  files = Array.from({ length: count }, () => {
    const bytes = new Uint8Array(size);
    // getRandomValues fills at most 64 KiB at a time.
    for (let offset = 0; offset < size; offset += 65_536) {
      crypto.getRandomValues(bytes.subarray(offset, Math.min(size, offset + 65_536)));
    }
    bytes.set(pdf);
    return bytes.buffer;
  });
}

const fileAt = (index: number) => ({
  name: `call-proof-${index + 1}.pdf`,
  type: 'application/pdf',
  data: files[index] as ArrayBuffer,
});

function signIn(next: Tokens): number | null {
  tokens = next;
  setAuthTokens({ ...next, rememberMe: false });
  startOutbox();
  return getOutboxSnapshot().userId;
}

/**
 * The same uploads without an outbox: one loop, one POST after the other, each with a fresh
 * Idempotency-Key. `fetch`, or the upload path's own transport (XMLHttpRequest, as the outbox sends).
 */
async function direct(fields: Fields, how: 'fetch' | 'xhr'): Promise<number> {
  if (!tokens) throw new Error('not signed in');
  const url = new URL(PATH, location.origin).toString();
  const started = performance.now();
  for (let index = 0; index < files.length; index += 1) {
    const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'Idempotency-Key': crypto.randomUUID() };
    const body = buildUploadBody({ fields, file: fileAt(index), fileField: OUTBOX_FILE_FIELD });
    const response =
      how === 'fetch'
        ? await fetch(url, { method: 'POST', body, headers })
        : await xhr({ url, method: 'POST', body, headers }, undefined, undefined);
    if (response.status !== 201) throw new Error(`direct upload ${index}: HTTP ${response.status}`);
    await response.json();
  }
  return performance.now() - started;
}

/** Writes every file to the outbox (the page is offline: nothing is sent yet). Answers the time it took. */
async function queue(fields: Fields): Promise<number> {
  if (navigator.onLine) throw new Error('queue() expects the page to be offline');
  const started = performance.now();
  for (let index = 0; index < files.length; index += 1) {
    await enqueue({ kind: 'call-proof', fields, file: fileAt(index), meta: { referralId: Number(fields.referralId) } });
  }
  return performance.now() - started;
}

let synced: Promise<number> | null = null;

/**
 * Before going online: starts the clock on the `online` event (the outbox's own trigger, as on a
 * phone leaving a lift) and stops it when the outbox screen's snapshot shows every entry sent.
 */
function armSync(): void {
  steps = { file: 0, send: 0, finish: 0 };
  synced = new Promise((resolve) => {
    let started = 0;
    const check = () => {
      const { entries } = getOutboxSnapshot();
      if (started && entries.length > 0 && entries.every((entry) => entry.state === 'sent')) {
        unsubscribe();
        resolve(performance.now() - started);
      }
    };
    const unsubscribe = subscribeOutbox(check);
    window.addEventListener(
      'online',
      () => {
        started = performance.now();
        check();
      },
      { once: true },
    );
  });
}

async function waitSynced(): Promise<{
  ms: number;
  steps: Steps;
  states: Record<string, number>;
  answers: number;
}> {
  if (!synced) throw new Error('armSync() first');
  const ms = await synced;
  synced = null;
  // The clock stopped at "all sent"; the pass then frees the file bytes. Waiting for it to end keeps that
  // work out of the next timing and shows the footprint after it.
  while ((await navigator.locks.query()).held?.some((lock) => lock.name === OUTBOX_LOCK)) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const entries = await listEntries();
  const states: Record<string, number> = {};
  for (const entry of entries) states[entry.state] = (states[entry.state] ?? 0) + 1;
  return { ms, steps: { ...steps }, states, answers: entries.filter((entry) => entry.answer).length };
}

async function footprint(): Promise<{ usage: number; indexedDB: number | null }> {
  const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
    usageDetails?: { indexedDB?: number };
  };
  return { usage: estimate.usage ?? 0, indexedDB: estimate.usageDetails?.indexedDB ?? null };
}

const bench = { makeFiles, signIn, direct, queue, armSync, waitSynced, footprint, clearOutbox };
declare global {
  interface Window {
    bench?: typeof bench;
  }
}
window.bench = bench;
