import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, keys } from 'idb-keyval';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthTokens, currentUserId, getAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import {
  enqueue,
  kickOutbox,
  progressOf,
  resendEntry,
  retryNow,
  setOutboxQueryClient,
  startOutbox,
} from '#src/lib/outbox/outbox-runner.ts';
import { onEntrySent } from '#src/lib/outbox/outbox-snapshot.ts';
import { clearOutbox, getEntry, getEntryFile, listEntries } from '#src/lib/outbox/outbox-store.ts';
import { OUTBOX_PATHS, type OutboxEntry, type OutboxFile } from '#src/lib/outbox/outbox-types.ts';
import { setUploadTransport, type UploadTransport } from '#src/lib/upload.ts';
import { ACCESS_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';
import { startInProcessApi } from './helpers/in-process-api';
import {
  CALLED_AT,
  callProofsOf,
  logInRecruiter,
  referralOf,
  type Session,
  screenshot,
} from './helpers/outbox-fixtures';

// The page's side of the outbox (outbox-runner.ts), as main.tsx starts it: entries are written to
// IndexedDB, then sent through the upload path's transport (routed to the real API in-process), with
// the API client's shared refresh on a 401.
let server: Awaited<ReturnType<typeof startInProcessApi>>;
let session: Session;
let referralId: number;

type Seen = {
  key: string;
  path: string;
  entry: OutboxEntry | undefined;
  file: OutboxFile | undefined;
  progress: number | null;
};
let seen: Seen[] = [];
let refreshes = 0;

/** The upload path's transport, to the in-process server; it notes what the outbox held at each send. */
const toServer: UploadTransport = async (request, onProgress) => {
  const key = request.headers['Idempotency-Key'] ?? '';
  onProgress?.(0.5);
  seen.push({
    key,
    path: new URL(request.url).pathname,
    entry: await getEntry(key),
    file: await getEntryFile(key),
    progress: progressOf(key),
  });
  const response = await server.app.request(
    new Request(request.url, { method: request.method, body: request.body, headers: request.headers }),
  );
  onProgress?.(1);
  return response;
};

beforeAll(async () => {
  server = await startInProcessApi();
  // The API client's fetch (refreshes included) goes to the in-process server too.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/api/recruiter/auth/refresh-token') refreshes += 1;
    return server.app.request(request);
  });
  startOutbox();
});

afterAll(async () => {
  clearAuthTokens();
  vi.unstubAllGlobals();
  setUploadTransport(null);
  await clearOutbox();
  await server.close();
});

beforeEach(async () => {
  clearAuthTokens();
  await clearOutbox();
  seen = [];
  refreshes = 0;
  setUploadTransport(toServer);
  server.advance(60 * 60_000); // a fresh rate-limit window
  session = await logInRecruiter(server);
  referralId = await referralOf(server, session.userId);
  setAuthTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken, rememberMe: false });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const callProof = (note: string, values: Record<string, unknown> = {}) => ({
  kind: 'call-proof' as const,
  fields: { referralId, calledAt: CALLED_AT, note, ...values },
  file: screenshot(5),
  meta: { referralId, talentName: 'Aisyah binti Rahman' },
});

const stateOf = async (id: string) => (await getEntry(id))?.state;
const untilState = (id: string, state: OutboxEntry['state']) =>
  vi.waitFor(async () => expect(await stateOf(id)).toBe(state), { timeout: 3_000, interval: 10 });

describe('enqueue', () => {
  it('writes the entry and its file (byte-equal) before sending, then sends it through the upload path: "sent"', async () => {
    expect(currentUserId()).toBe(session.userId);
    const input = callProof('Called at lunch.');
    const bytes = new Uint8Array(input.file.data.slice(0));

    const entry = await enqueue(input);

    expect(entry).toMatchObject({
      userId: session.userId,
      kind: 'call-proof',
      state: 'waiting',
      attempts: 0,
      file: { name: 'call-5.png', type: 'image/png', size: bytes.byteLength },
      meta: { referralId, talentName: 'Aisyah binti Rahman' },
    });
    await untilState(entry.id, 'sent');

    // At the moment of the send, the outbox already held the entry and its bytes.
    expect(seen).toHaveLength(1);
    const [send] = seen;
    expect(send?.key).toBe(entry.id);
    expect(send?.path).toBe(OUTBOX_PATHS['call-proof']);
    expect(send?.entry?.fields).toEqual(input.fields);
    expect(send?.file?.name).toBe('call-5.png');
    expect(new Uint8Array(send?.file?.data as ArrayBuffer)).toEqual(bytes);
    // The send's progress is readable while it runs, and gone after.
    expect(send?.progress).toBe(0.5);
    expect(progressOf(entry.id)).toBeNull();

    const proofs = await callProofsOf(server, referralId);
    expect(proofs).toHaveLength(1);
    expect(await getEntry(entry.id)).toMatchObject({ state: 'sent', answer: { id: proofs[0]?.id } });
    expect(await getEntryFile(entry.id)).toBeUndefined();
  });

  // A call proof that goes in the background while the recruiter looks at the folder or the dashboard:
  // their chips and counts must not stay as they were.
  it('marks the folder, the dashboard and the referral stale once a call proof is sent', async () => {
    const queryClient = new QueryClient();
    setOutboxQueryClient(queryClient);
    const cached = [
      ['talents', 'list', { page: 1 }],
      ['dashboard', 'recruiter'],
      ['referrals', 'detail', referralId],
    ];
    for (const queryKey of cached) queryClient.setQueryData(queryKey, { cached: true });
    const entry = await enqueue(callProof('Called back after lunch'));
    await untilState(entry.id, 'sent');
    await vi.waitFor(() => {
      for (const queryKey of cached) expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(true);
    });
  });

  it('keeps the bytes it was given: the entry stores its own copy', async () => {
    const input = callProof('Copy check.');
    const original = new Uint8Array(input.file.data.slice(0));
    setUploadTransport(async () => {
      throw new TypeError('Failed to fetch');
    });
    const entry = await enqueue(input);
    await vi.waitFor(async () => expect((await getEntry(entry.id))?.attempts).toBe(1));

    const stored = await getEntryFile(entry.id);
    expect(stored).toMatchObject({ name: 'call-5.png', type: 'image/png' });
    expect(new Uint8Array(stored?.data as ArrayBuffer)).toEqual(original);
  });

  it('refuses without a session: nothing is stored', async () => {
    clearAuthTokens();

    await expect(enqueue(callProof('No one logged in.'))).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(await listEntries()).toEqual([]);
  });
});

describe('onEntrySent', () => {
  it('fires once for an entry that was sent', async () => {
    const heard: string[] = [];
    const stop = onEntrySent((entry) => heard.push(entry.id));
    try {
      const entry = await enqueue(callProof('Heard once.'));
      await untilState(entry.id, 'sent');
      await vi.waitFor(() => expect(heard).toEqual([entry.id]));
      // Later changes to the outbox do not announce it again.
      kickOutbox();
      const next = await enqueue(callProof('Another one.'));
      await untilState(next.id, 'sent');
      await vi.waitFor(() => expect(heard).toEqual([entry.id, next.id]));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([entry.id, next.id]);
    } finally {
      stop();
    }
  });
});

describe('an expired access token', () => {
  it('is refreshed once through the API client for several queued entries, and all are sent', async () => {
    // Queued offline.
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const entries = [];
    for (let i = 0; i < 5; i += 1) entries.push(await enqueue(callProof(`Queued ${i}.`)));
    expect(seen).toEqual([]);
    // Long enough for the access token to expire.
    server.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000);

    // Back online: the runner replays on its own.
    offline.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    for (const entry of entries) await untilState(entry.id, 'sent');
    expect(refreshes).toBe(1);
    expect(getAuthTokens()?.accessToken).not.toBe(session.accessToken);
    expect(await callProofsOf(server, referralId)).toHaveLength(5);
  });
});

describe('retryNow', () => {
  it('sends an entry waiting out its back-off at once', async () => {
    let failures = 1;
    setUploadTransport(async (...args) => {
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch');
      }
      return toServer(...args);
    });
    vi.spyOn(Math, 'random').mockReturnValue(1); // the longest first back-off: 2 s
    const entry = await enqueue(callProof('Retry me.'));
    await vi.waitFor(async () => expect((await getEntry(entry.id))?.attempts).toBe(1));
    const waiting = await getEntry(entry.id);
    expect(waiting?.state).toBe('waiting');
    expect(waiting?.nextAttemptAt).toBeGreaterThan(Date.now());

    await retryNow();

    await untilState(entry.id, 'sent');
    // Sent before its back-off was over.
    expect(Date.now()).toBeLessThan(waiting?.nextAttemptAt as number);
    expect(await callProofsOf(server, referralId)).toHaveLength(1);
  });
});

describe('resendEntry', () => {
  it('sends a refused entry again, corrected, under a new id, and removes the old entry and its file', async () => {
    const refused = await enqueue(callProof('Wrong time.', { calledAt: 'this morning' }));
    await untilState(refused.id, 'needs-attention');
    expect((await getEntry(refused.id))?.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { calledAt: 'called_at_required' },
    });

    const resent = await resendEntry(refused.id, { ...refused.fields, calledAt: CALLED_AT });

    expect(resent?.id).toBeDefined();
    expect(resent?.id).not.toBe(refused.id);
    expect(resent).toMatchObject({ kind: 'call-proof', meta: refused.meta, file: refused.file });
    expect(await getEntry(refused.id)).toBeUndefined();
    expect(await getEntryFile(refused.id)).toBeUndefined();
    await untilState(resent?.id as string, 'sent');
    const proofs = await callProofsOf(server, referralId);
    expect(proofs).toHaveLength(1);
    expect(proofs[0]?.called_at).toBe(CALLED_AT);
    // The corrected one went with the same file.
    expect(seen.at(-1)?.file?.data.byteLength).toBe(refused.file?.size);
    expect((await listEntries(session.userId)).map((entry) => entry.id)).toEqual([resent?.id]);
  });

  it("answers null for an entry that is not there (or not this user's)", async () => {
    expect(await resendEntry('no-such-entry')).toBeNull();
  });
});

describe('clearOutbox', () => {
  it('empties both stores: entries and file bytes', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const first = await enqueue(callProof('Offline one.'));
    const second = await enqueue(callProof('Offline two.'));
    expect(await listEntries(session.userId)).toHaveLength(2);
    expect(await getEntryFile(first.id)).toBeDefined();
    // Offline: nothing was sent.
    expect(seen).toEqual([]);

    await clearOutbox();

    expect(await listEntries()).toEqual([]);
    expect(await getEntryFile(first.id)).toBeUndefined();
    expect(await getEntryFile(second.id)).toBeUndefined();
    expect(await keys(createStore('recruiter-outbox-files', 'files'))).toEqual([]);
    expect(await keys(createStore('recruiter-outbox', 'entries'))).toEqual([]);
  });
});
