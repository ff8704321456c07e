import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, OUTBOX_TOO_OLD, type ReplayDeps, replayOutbox } from '#src/lib/outbox/outbox-replay.ts';
import { clearOutbox, getEntry, getEntryFile, listEntries } from '#src/lib/outbox/outbox-store.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { buildUploadBody } from '#src/lib/upload-body.ts';
import { claimIdempotencyKey, releaseIdempotencyKey, requestHash } from '#src/server/middleware/idempotency.ts';
import { ACCESS_TOKEN_TTL_SECONDS, IDEMPOTENCY_KEEP_DAYS } from '#src/shared/constants.ts';
import { startInProcessApi } from './helpers/in-process-api';
import {
  CALLED_AT,
  callProofsOf,
  logInRecruiter,
  QUEUED_AT,
  queueCallProof,
  referralOf,
  type Session,
  screenshot,
  sendTo,
  sessionOf,
} from './helpers/outbox-fixtures';

// The outbox's state machine (replayOutbox) against the real API in-process: every send is a real
// multipart POST of a queued call proof with the entry's id as Idempotency-Key, every refresh a call to
// the real refresh endpoint. Only the network is replaced, and, where a case needs it, made to fail.
let server: Awaited<ReturnType<typeof startInProcessApi>>;
let session: Session;
let referralId: number;
/** The device's clock, as the replay reads it. */
let clientNow: number;

beforeAll(async () => {
  server = await startInProcessApi();
});

afterAll(async () => {
  await clearOutbox();
  await server.close();
});

beforeEach(async () => {
  await clearOutbox();
  server.advance(60 * 60_000); // a fresh rate-limit window
  session = await logInRecruiter(server);
  referralId = await referralOf(server, session.userId);
  clientNow = QUEUED_AT + 60 * 60_000;
});

type Send = ReplayDeps['send'];

/** Replay deps for the logged-in recruiter, sending to the real server unless told otherwise. */
function depsWith(values: Partial<ReplayDeps> = {}): ReplayDeps {
  const current = sessionOf(server, session);
  return {
    userId: session.userId,
    accessToken: current.accessToken,
    refresh: current.refresh,
    send: sendTo(server),
    now: () => clientNow,
    random: () => 0.5,
    ...values,
  };
}

/** A send that counts its calls. */
function counted(send: Send) {
  const calls: string[] = [];
  const wrapped: Send = (entry, file, token) => {
    calls.push(entry.id);
    return send(entry, file, token);
  };
  return { calls, send: wrapped };
}

const stored = async (entry: OutboxEntry) => {
  const found = await getEntry(entry.id);
  if (!found) throw new Error(`entry ${entry.id} is gone`);
  return found;
};

describe('a 2xx', () => {
  it('makes the entry "sent" with the server\'s answer, drops its file bytes, and makes exactly one call proof', async () => {
    const file = screenshot(7);
    const entry = await queueCallProof(session.userId, referralId, { file, fields: { note: 'Talked for 5 minutes.' } });

    const outcome = await replayOutbox(depsWith());

    expect(outcome).toEqual({ sent: 1, refused: 0, signedOut: false, nextAttemptAt: null });
    const proofs = await callProofsOf(server, referralId);
    expect(proofs).toHaveLength(1);
    const sent = await stored(entry);
    expect(sent.state).toBe('sent');
    expect(sent.sentAt).toBe(clientNow);
    expect(sent.error).toBeUndefined();
    expect(sent.answer).toMatchObject({
      id: proofs[0]?.id,
      referralId,
      calledAt: CALLED_AT,
      note: 'Talked for 5 minutes.',
      reviewStatus: 'NEED_REVIEW',
    });
    // The receipt stays; the bytes go.
    expect(await getEntryFile(entry.id)).toBeUndefined();
    // The server kept the bytes as sent.
    const row = await server.db
      .selectFrom('files')
      .select(['size', 'mime_type', 'sha256'])
      .where('id', '=', proofs[0]?.file_id as number)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      size: file.data.byteLength,
      mime_type: 'image/png',
      sha256: createHash('sha256').update(new Uint8Array(file.data)).digest('hex'),
    });
  });

  it("sends only the signed-in recruiter's entries: another user's wait for them", async () => {
    const other = await logInRecruiter(server);
    const theirs = await queueCallProof(other.userId, await referralOf(server, other.userId));
    const mine = await queueCallProof(session.userId, referralId);
    const { calls, send } = counted(sendTo(server));

    await replayOutbox(depsWith({ send }));

    expect(calls).toEqual([mine.id]);
    expect(await stored(theirs)).toMatchObject({ state: 'waiting', attempts: 0 });
  });

  it('sends each due entry oldest first, in one pass', async () => {
    const entries = [];
    for (let i = 0; i < 3; i += 1) entries.push(await queueCallProof(session.userId, referralId));
    const { calls, send } = counted(sendTo(server));

    const outcome = await replayOutbox(depsWith({ send }));

    expect(outcome.sent).toBe(3);
    expect(calls).toEqual(entries.map((entry) => entry.id));
    expect(await callProofsOf(server, referralId)).toHaveLength(3);
  });
});

describe('a pass holding the lock (exclusive: the page with Web Locks, the service worker)', () => {
  it('sends each entry while it is marked "sending", records every answer, frees the bytes only after the last send, and reports its waits', async () => {
    const entries: OutboxEntry[] = [];
    for (let i = 0; i < 3; i += 1) entries.push(await queueCallProof(session.userId, referralId));
    const seen: { id: string; state: string | undefined; filesLeft: number }[] = [];
    const steps: Record<string, number> = {};
    const send: Send = async (entry, file, token) => {
      const response = await sendTo(server)(entry, file, token);
      // Read once the answer is in: the claim, written while the upload was on the wire, is stored.
      const filesLeft = (await Promise.all(entries.map((e) => getEntryFile(e.id)))).filter(Boolean).length;
      seen.push({ id: entry.id, state: (await getEntry(entry.id))?.state, filesLeft });
      return response;
    };

    const outcome = await replayOutbox(
      depsWith({ send, exclusive: true, observe: (step) => (steps[step] = (steps[step] ?? 0) + 1) }),
    );

    expect(outcome).toEqual({ sent: 3, refused: 0, signedOut: false, nextAttemptAt: null });
    expect(seen.map((s) => s.id)).toEqual(entries.map((e) => e.id));
    // The entry on the wire reads "sending"; no file bytes were deleted between two sends.
    expect(seen.map((s) => [s.state, s.filesLeft])).toEqual([
      ['sending', 3],
      ['sending', 3],
      ['sending', 3],
    ]);
    for (const entry of entries) {
      expect(await stored(entry)).toMatchObject({ state: 'sent', error: undefined });
      expect(await getEntryFile(entry.id)).toBeUndefined();
    }
    expect(await callProofsOf(server, referralId)).toHaveLength(3);
    expect(steps).toEqual({ file: 3, send: 3, finish: 1 });
  });

  it("counts a send's synchronous start (building its body) as sending, not as the outbox's own work", async () => {
    await queueCallProof(session.userId, referralId);
    const sendMs: number[] = [];
    const send: Send = (entry, file, token) => {
      // The multipart body and the request's setup happen before the send's promise exists.
      const until = performance.now() + 30;
      while (performance.now() < until) {
        // busy, as building a megabyte's body is
      }
      return sendTo(server)(entry, file, token);
    };

    await replayOutbox(depsWith({ send, exclusive: true, observe: (step, ms) => step === 'send' && sendMs.push(ms) }));

    expect(sendMs).toHaveLength(1);
    expect(sendMs[0]).toBeGreaterThanOrEqual(30);
  });

  it('a network error still leaves the entry waiting with attempts + 1, and the ones after it untouched', async () => {
    const first = await queueCallProof(session.userId, referralId);
    const second = await queueCallProof(session.userId, referralId);

    await replayOutbox(depsWith({ exclusive: true, send: () => Promise.reject(new TypeError('Failed to fetch')) }));

    expect(await stored(first)).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(await stored(second)).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(await getEntryFile(first.id)).toBeDefined();
    expect(await callProofsOf(server, referralId)).toHaveLength(0);
  });
});

describe('exactly once', () => {
  it('replaying twice sends nothing more: still one call proof per entry', async () => {
    for (let i = 0; i < 3; i += 1) await queueCallProof(session.userId, referralId);
    const { calls, send } = counted(sendTo(server));

    await replayOutbox(depsWith({ send }));
    clientNow += 60 * 60_000;
    const again = await replayOutbox(depsWith({ send }));

    expect(again.sent).toBe(0);
    expect(calls).toHaveLength(3);
    expect(await callProofsOf(server, referralId)).toHaveLength(3);
  });

  it('an answer lost on the way is asked for again with the same key: the server answers it and makes nothing new', async () => {
    const entry = await queueCallProof(session.userId, referralId);
    // The server handles the upload, then the connection drops before the answer arrives.
    const lost: Send = async (...args) => {
      await sendTo(server)(...args);
      throw new TypeError('Network request failed');
    };

    const first = await replayOutbox(depsWith({ send: lost }));
    expect(first.sent).toBe(0);
    expect((await stored(entry)).state).toBe('waiting');
    expect(await callProofsOf(server, referralId)).toHaveLength(1);

    clientNow = first.nextAttemptAt as number;
    const second = await replayOutbox(depsWith());

    expect(second.sent).toBe(1);
    const proofs = await callProofsOf(server, referralId);
    expect(proofs).toHaveLength(1);
    expect((await stored(entry)).answer).toMatchObject({ id: proofs[0]?.id });
  });

  it('two replays at once still make exactly one call proof per entry', async () => {
    const entries = [];
    for (let i = 0; i < 4; i += 1) entries.push(await queueCallProof(session.userId, referralId));

    await Promise.all([replayOutbox(depsWith()), replayOutbox(depsWith())]);
    // A send that met the other's key "in progress" waits a few seconds; the next pass finishes it.
    clientNow += 10_000;
    await replayOutbox(depsWith());

    const states = await Promise.all(entries.map(async (entry) => (await stored(entry)).state));
    expect(states).toEqual(['sent', 'sent', 'sent', 'sent']);
    const proofs = await callProofsOf(server, referralId);
    expect(proofs).toHaveLength(4);
    const answered = await Promise.all(entries.map(async (entry) => (await stored(entry)).answer));
    expect(new Set(answered.map((answer) => (answer as { id: number }).id))).toEqual(
      new Set(proofs.map((proof) => proof.id)),
    );
  });
});

describe('two replays, one behind the other (no Web Locks: two tabs on an old Safari)', () => {
  it('the late one leaves an entry the other sent alone: no second send, still "sent"', async () => {
    const entry = await queueCallProof(session.userId, referralId);
    let sentByFirst: () => void = () => {};
    const firstDone = new Promise<void>((resolve) => {
      sentByFirst = resolve;
    });
    // The late replay listed the entry as due, then stalled (a slow token read) until the other sent it.
    const late = counted(sendTo(server));
    const lateReplay = replayOutbox(
      depsWith({
        send: late.send,
        accessToken: async () => {
          await firstDone;
          return session.accessToken;
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await replayOutbox(depsWith());
    sentByFirst();
    await lateReplay;

    expect(late.calls).toEqual([]);
    expect(await stored(entry)).toMatchObject({ state: 'sent', error: undefined });
    expect(await callProofsOf(server, referralId)).toHaveLength(1);
  });
});

describe('an expired access token', () => {
  it('costs exactly one refresh for 10 queued entries, and all 10 are sent', async () => {
    for (let i = 0; i < 10; i += 1) await queueCallProof(session.userId, referralId);
    server.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000);
    const current = sessionOf(server, session);
    const { calls, send } = counted(sendTo(server));

    const outcome = await replayOutbox(depsWith({ accessToken: current.accessToken, refresh: current.refresh, send }));

    expect(current.state.calls).toBe(1);
    expect(current.state.accessToken).not.toBe(session.accessToken);
    expect(outcome).toEqual({ sent: 10, refused: 0, signedOut: false, nextAttemptAt: null });
    // The first entry twice (401, then with the fresh token), every other once.
    expect(calls).toHaveLength(11);
    expect(await callProofsOf(server, referralId)).toHaveLength(10);
    expect((await listEntries(session.userId)).every((entry) => entry.state === 'sent')).toBe(true);
  });

  it('when the refresh is refused too (session ended), keeps every entry and reports signedOut', async () => {
    for (let i = 0; i < 3; i += 1) await queueCallProof(session.userId, referralId);
    await server.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.accessToken}`, 'x-refresh-token': session.refreshToken },
    });
    server.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 60_000);
    const current = sessionOf(server, session);

    const outcome = await replayOutbox(depsWith({ accessToken: current.accessToken, refresh: current.refresh }));

    expect(current.state.calls).toBe(1);
    expect(outcome.signedOut).toBe(true);
    expect(outcome.sent).toBe(0);
    const entries = await listEntries(session.userId);
    expect(entries).toHaveLength(3);
    expect(entries.map((entry) => [entry.state, entry.attempts])).toEqual([
      ['waiting', 0],
      ['waiting', 0],
      ['waiting', 0],
    ]);
    for (const entry of entries) expect(await getEntryFile(entry.id)).toBeDefined();
    expect(await callProofsOf(server, referralId)).toHaveLength(0);

    // Logged in again, they go.
    session = await logInRecruiter(server, session.email);
    const later = await replayOutbox(depsWith());
    expect(later).toEqual({ sent: 3, refused: 0, signedOut: false, nextAttemptAt: null });
    expect(await callProofsOf(server, referralId)).toHaveLength(3);
  });

  it('with no access token at all, sends nothing and reports signedOut', async () => {
    await queueCallProof(session.userId, referralId);
    const { calls, send } = counted(sendTo(server));

    const outcome = await replayOutbox(depsWith({ accessToken: () => null, send }));

    expect(outcome.signedOut).toBe(true);
    expect(calls).toEqual([]);
  });
});

describe('a failure that passes', () => {
  it('a network error leaves the entry waiting with attempts + 1 and a back-off ahead, and stops the pass', async () => {
    const first = await queueCallProof(session.userId, referralId);
    const second = await queueCallProof(session.userId, referralId);
    const { calls, send } = counted(async () => {
      throw new TypeError('Failed to fetch');
    });

    const outcome = await replayOutbox(depsWith({ send, random: () => 0 }));

    expect(calls).toEqual([first.id]);
    const waiting = await stored(first);
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, error: { code: 'NETWORK_ERROR', status: 0 } });
    // attempts 1: between half of 2 s and 2 s; random 0 gives the lower bound.
    expect(waiting.nextAttemptAt).toBe(clientNow + 1_000);
    // The rest were not tried (they would fail too), and their bytes are kept; the next pass is not
    // before the back-off ends.
    expect(outcome).toEqual({ sent: 0, refused: 0, signedOut: false, nextAttemptAt: clientNow + 1_000 });
    expect(await stored(second)).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(await getEntryFile(first.id)).toBeDefined();

    // A pass run before then anyway ("Retry now" on another entry, another tab) tries what is due.
    const { calls: later, send: failing } = counted(async () => {
      throw new TypeError('Failed to fetch');
    });
    await replayOutbox(depsWith({ send: failing, random: () => 1 }));
    expect(later).toEqual([second.id]);
    expect((await stored(second)).nextAttemptAt).toBe(clientNow + 2_000);
  });

  it('a real 500 from the server leaves the entry waiting, backs off, and the entry is sent once the server recovers', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const entry = await queueCallProof(session.userId, referralId);
    const other = await queueCallProof(session.userId, referralId);
    // The database refuses new call proofs: the upload fails inside its transaction.
    await sql`create trigger outbox_test_fail before insert on call_proofs begin select raise(abort, 'disk I/O error'); end`.execute(
      server.db,
    );
    try {
      const { calls, send } = counted(sendTo(server));
      const outcome = await replayOutbox(depsWith({ send, random: () => 0.5 }));

      expect(calls).toEqual([entry.id]);
      expect(errors).toHaveBeenCalled();
      const waiting = await stored(entry);
      expect(waiting).toMatchObject({ state: 'waiting', attempts: 1, error: { code: 'INTERNAL_ERROR', status: 500 } });
      // attempts 1, random 0.5: three quarters of 2 s.
      expect(waiting.nextAttemptAt).toBe(clientNow + 1_500);
      expect(outcome.nextAttemptAt).toBe(clientNow + 1_500);
      expect(await stored(other)).toMatchObject({ state: 'waiting', attempts: 0 });

      // Still failing: the back-off grows.
      clientNow = waiting.nextAttemptAt;
      await replayOutbox(depsWith({ random: () => 0.5 }));
      expect(await stored(entry)).toMatchObject({ attempts: 2, nextAttemptAt: clientNow + 3_000 });
    } finally {
      await sql`drop trigger outbox_test_fail`.execute(server.db);
      errors.mockRestore();
    }
    expect(await callProofsOf(server, referralId)).toHaveLength(0);

    // The server recovered: the key the failed sends claimed was freed, so the same key goes through.
    clientNow = (await stored(entry)).nextAttemptAt;
    const outcome = await replayOutbox(depsWith());
    expect(outcome.sent).toBe(2);
    expect(await stored(entry)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await callProofsOf(server, referralId)).toHaveLength(2);
  });

  it('a 503 from something on the way (a proxy) is the same: waiting, attempts + 1', async () => {
    const entry = await queueCallProof(session.userId, referralId);
    const send: Send = async () => new Response('<html>Bad gateway</html>', { status: 503 });

    const outcome = await replayOutbox(depsWith({ send }));

    expect(outcome.sent).toBe(0);
    expect(await stored(entry)).toMatchObject({
      state: 'waiting',
      attempts: 1,
      error: { code: 'UNKNOWN_ERROR', status: 503, message: 'HTTP 503' },
    });
  });
});

describe('a refusal', () => {
  it('422: a key already used for another upload marks the entry "needs attention" with the server\'s error', async () => {
    const key = crypto.randomUUID();
    // The key was used (by this recruiter) for another call proof.
    const earlier = await sendTo(server)(
      {
        id: key,
        userId: session.userId,
        kind: 'call-proof',
        fields: { referralId, calledAt: CALLED_AT, note: 'First call.' },
        meta: {},
        createdAt: 0,
        state: 'waiting',
        attempts: 0,
        nextAttemptAt: 0,
      },
      screenshot(1),
      session.accessToken,
    );
    expect(earlier.status).toBe(201);
    const entry = await queueCallProof(session.userId, referralId, { id: key, fields: { note: 'Second call.' } });
    const next = await queueCallProof(session.userId, referralId);

    const outcome = await replayOutbox(depsWith());

    expect(outcome).toMatchObject({ sent: 1, refused: 1 });
    expect(await stored(entry)).toMatchObject({
      state: 'needs-attention',
      attempts: 0,
      error: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        status: 422,
        message: 'This Idempotency-Key was used for a different request.',
      },
    });
    // Kept, with its file, to fix and resend or discard; the pass went on to the next entry.
    expect(await getEntryFile(entry.id)).toBeDefined();
    expect((await stored(next)).state).toBe('sent');
    expect(await callProofsOf(server, referralId)).toHaveLength(2);

    // A refused entry is not tried again by later passes.
    clientNow += 24 * 60 * 60_000;
    const { calls, send } = counted(sendTo(server));
    await replayOutbox(depsWith({ send }));
    expect(calls).toEqual([]);
  });

  it('400: fields the server refuses mark the entry "needs attention" with the code, message and field keys', async () => {
    const entry = await queueCallProof(session.userId, referralId, { fields: { calledAt: 'yesterday afternoon' } });

    const outcome = await replayOutbox(depsWith());

    expect(outcome).toMatchObject({ sent: 0, refused: 1 });
    expect(await stored(entry)).toMatchObject({
      state: 'needs-attention',
      error: {
        code: 'VALIDATION_FAILED',
        status: 400,
        message: 'Some fields are not valid.',
        fields: { calledAt: 'called_at_required' },
      },
    });
    expect(await callProofsOf(server, referralId)).toHaveLength(0);
  });

  it("404: another recruiter's (or a deleted) referral needs attention too", async () => {
    const entry = await queueCallProof(session.userId, referralId, { fields: { referralId: 999_999 } });

    await replayOutbox(depsWith());

    expect(await stored(entry)).toMatchObject({ state: 'needs-attention', error: { code: 'NOT_FOUND', status: 404 } });
  });
});

describe('an entry kept longer than the server remembers its key', () => {
  it('is not sent again once tried: it needs attention (its earlier try may have made a record)', async () => {
    const tried = await queueCallProof(session.userId, referralId);
    const untried = await queueCallProof(session.userId, referralId);
    await replayOutbox(
      depsWith({
        send: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    );
    expect(await stored(tried)).toMatchObject({ state: 'waiting', attempts: 1 });
    const { calls, send } = counted(sendTo(server));

    clientNow = tried.createdAt + (IDEMPOTENCY_KEEP_DAYS * 24 + 1) * 60 * 60_000;
    const outcome = await replayOutbox(depsWith({ send }));

    expect(await stored(tried)).toMatchObject({ state: 'needs-attention', error: { code: OUTBOX_TOO_OLD } });
    // Never tried: no earlier try can have reached the server, so it still goes.
    expect(calls).toEqual([untried.id]);
    expect(outcome).toMatchObject({ sent: 1, refused: 1 });
  });
});

describe('409 IDEMPOTENCY_KEY_IN_PROGRESS', () => {
  it('leaves the entry waiting (no failed attempt) and tries it again shortly; the pass goes on', async () => {
    const file = screenshot(3);
    const entry = await queueCallProof(session.userId, referralId, { file });
    const next = await queueCallProof(session.userId, referralId);
    // Another send of this entry (an earlier try whose connection dropped) is still being handled:
    // its key is claimed for the very same request.
    const hash = await requestHashOf(entry, file);
    const claimedAt = new Date((decodeJwt(session.accessToken).iat as number) * 1000);
    const claim = await claimIdempotencyKey({ db: server.db, now: () => claimedAt }, session.userId, entry.id, hash);
    expect(claim.kind).toBe('claimed');

    const outcome = await replayOutbox(depsWith());

    expect(await stored(entry)).toMatchObject({ state: 'waiting', attempts: 0, nextAttemptAt: clientNow + 5_000 });
    expect((await stored(next)).state).toBe('sent');
    expect(outcome).toMatchObject({ sent: 1, refused: 0, nextAttemptAt: clientNow + 5_000 });

    // Not before its time.
    const { calls, send } = counted(sendTo(server));
    await replayOutbox(depsWith({ send }));
    expect(calls).toEqual([]);

    // The other send failed and freed the key: the retry goes through, once.
    await releaseIdempotencyKey({ db: server.db }, session.userId, entry.id, claimedAt.toISOString());
    clientNow += 5_000;
    const retried = await replayOutbox(depsWith());
    expect(retried.sent).toBe(1);
    expect(await stored(entry)).toMatchObject({ state: 'sent', attempts: 0 });
    expect(await callProofsOf(server, referralId)).toHaveLength(2);
  });
});

describe('backoffDelay', () => {
  it('doubles from 2 s per failed attempt, with equal jitter: between half the step and the whole step', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => backoffDelay(attempts, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000,
    ]);
    expect([1, 2, 3, 4, 5].map((attempts) => backoffDelay(attempts, () => 1))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000,
    ]);
    expect(backoffDelay(3, () => 0.25)).toBe(5_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = backoffDelay(4);
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });

  it('is never zero and never more than 5 minutes, however many attempts failed', () => {
    expect(backoffDelay(0, () => 0)).toBe(1_000);
    expect(backoffDelay(9, () => 1)).toBe(300_000);
    expect(backoffDelay(10, () => 0)).toBe(150_000);
    expect(backoffDelay(1_000, () => 1)).toBe(300_000);
    expect(backoffDelay(1_000, () => 0)).toBe(150_000);
  });
});

/** The request hash the server computes for an entry's upload (the same function, on the same body). */
async function requestHashOf(entry: OutboxEntry, file: ReturnType<typeof screenshot>): Promise<string> {
  const hasher = new Hono().post('*', async (c) => c.text(await requestHash(c as never)));
  const response = await hasher.request('http://localhost/api/recruiter/talent-task/call-proof', {
    method: 'POST',
    body: buildUploadBody({ fields: entry.fields, file }),
  });
  return response.text();
}
