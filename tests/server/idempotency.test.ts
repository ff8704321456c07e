import fc from 'fast-check';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '#src/server/context.ts';
import { tinyPng } from '#src/server/db/demo/files.ts';
import {
  claimIdempotencyKey,
  IDEMPOTENCY_STALE_MS,
  releaseIdempotencyKey,
  requestHash,
} from '#src/server/middleware/idempotency.ts';
import { createReferral } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { dropValues, multipart, pdfFile, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const DROP = '/api/recruiter/talent/drop_resume';
const CALL_PROOF = '/api/recruiter/talent-task/call-proof';
// Half an hour before the test clock's start (2026-11-22T02:00Z).
const CALLED_AT = '2026-11-22T01:30:00.000Z';

// The hash the server computes for a request, from a fresh serialisation of the same form (another
// multipart boundary): what a resend of an outbox entry looks like to the server.
async function hashOf(path: string, body: () => FormData): Promise<string> {
  const probe = new Hono<AppEnv>().post('*', async (c) => c.text(await requestHash(c)));
  return (await probe.request(path, { method: 'POST', body: body() })).text();
}

describe.each(DIALECTS)('idempotency keys on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const count = async (table: 'talents' | 'files' | 'call_proofs' | 'idempotency_keys') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyRow = (userId: number, key: string) =>
    t.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();

  const dropForm = (overrides: Record<string, string> = {}) => multipart(dropValues(taskId, overrides), pdfFile());
  const drop = (key: string | null, body: FormData, token = me.token) =>
    t.request(DROP, {
      method: 'POST',
      headers: { ...bearer(token), ...(key === null ? {} : { 'Idempotency-Key': key }) },
      body,
    });

  const callProofForm = (referralId: number, note: string) => {
    const body = new FormData();
    body.set('referralId', String(referralId));
    // Fixed, so a resend later (the clock moved on) is the same request.
    body.set('calledAt', CALLED_AT);
    body.set('note', note);
    body.set('file', new File([new Uint8Array(tinyPng(3))], 'screenshot.png', { type: 'image/png' }));
    return body;
  };
  const uploadCallProof = (key: string, body: FormData) =>
    t.request(CALL_PROOF, { method: 'POST', headers: { ...bearer(me.token), 'Idempotency-Key': key }, body });

  it('answers a resent resume drop with the stored answer, creating one talent and one file', async () => {
    const key = crypto.randomUUID();
    const first = await drop(key, dropForm());
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const firstBody = await first.json();
    const talent = await t.db.selectFrom('talents').select('resume_file_id').executeTakeFirstOrThrow();

    // The same drop again, as the outbox resends it after a lost answer (a new multipart boundary).
    const again = await drop(key, dropForm());
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await again.json()).toEqual(firstBody);
    expect(firstBody.data.created).toBe(true);

    expect(await count('talents')).toBe(1);
    expect(await count('files')).toBe(1);
    // Nothing ran again: the resume was not replaced.
    const after = await t.db.selectFrom('talents').select('resume_file_id').executeTakeFirstOrThrow();
    expect(after.resume_file_id).toBe(talent.resume_file_id);
    expect(await keyRow(me.id, key)).toMatchObject({ status: 'DONE', response_status: 201 });
  });

  it('refuses the same key for a different request with 422', async () => {
    const key = crypto.randomUUID();
    const referral = await createReferral(t, me.id);
    const talentsBefore = await count('talents');
    expect((await drop(key, dropForm())).status).toBe(201);

    const other = await drop(key, dropForm({ fullName: 'Siti Nurhaliza', email: 'siti@example.com' }));
    expect(other.status).toBe(422);
    expect((await other.json()).error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This Idempotency-Key was used for a different request.',
    });
    // Another call with the key is another request too.
    expect((await uploadCallProof(key, callProofForm(referral.id, 'Called her.'))).status).toBe(422);
    expect(await count('talents')).toBe(talentsBefore + 1);
    expect(await count('call_proofs')).toBe(0);
  });

  it('answers 409 with Retry-After while the first send of a key is still being handled', async () => {
    const key = crypto.randomUUID();
    const referral = await createReferral(t, me.id);
    const form = () => callProofForm(referral.id, 'Talked about the role.');
    // The first send is in flight: it has claimed the key and not answered yet.
    const claim = await claimIdempotencyKey(t.deps, me.id, key, await hashOf(CALL_PROOF, form));
    expect(claim.kind).toBe('claimed');

    const duplicate = await uploadCallProof(key, form());
    expect(duplicate.status).toBe(409);
    expect(duplicate.headers.get('Retry-After')).toBe('1');
    expect((await duplicate.json()).error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    expect(await count('call_proofs')).toBe(0);

    // The first send failed and let the key go: the retry goes through.
    if (claim.kind === 'claimed') await releaseIdempotencyKey(t.deps, me.id, key, claim.claimedAt);
    expect((await uploadCallProof(key, form())).status).toBe(201);
    expect(await count('call_proofs')).toBe(1);
  });

  it('takes over a key whose send crashed more than two minutes ago', async () => {
    const key = crypto.randomUUID();
    const referral = await createReferral(t, me.id);
    const form = () => callProofForm(referral.id, 'Left a voice message.');
    // An instance claimed the key, then died before answering.
    await claimIdempotencyKey(t.deps, me.id, key, await hashOf(CALL_PROOF, form));

    t.clock.advance(IDEMPOTENCY_STALE_MS - 1000);
    expect((await uploadCallProof(key, form())).status).toBe(409);

    t.clock.advance(2000);
    const res = await uploadCallProof(key, form());
    expect(res.status).toBe(201);
    expect(await count('call_proofs')).toBe(1);
    expect(await keyRow(me.id, key)).toMatchObject({ status: 'DONE', response_status: 201 });
    const replay = await uploadCallProof(key, form());
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await count('call_proofs')).toBe(1);
  });

  it('keeps keys per user: another recruiter with the same key is not affected', async () => {
    const key = 'same-key-0001';
    const other = await recruiter(t, 'other@example.com');
    expect((await drop(key, dropForm())).status).toBe(201);

    const theirs = await drop(key, dropForm({ fullName: 'Tan Mei Ling', email: 'meiling@example.com' }), other.token);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await theirs.json()).data.created).toBe(true);
    expect(await count('talents')).toBe(2);
  });

  it('forgets the key when the send fails on the server, so the same key can be retried', async () => {
    const key = crypto.randomUUID();
    const put = vi.spyOn(t.deps.storage, 'put').mockRejectedValueOnce(new Error('disk full'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failed = await drop(key, dropForm());
    expect(failed.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    put.mockRestore();
    expect(await keyRow(me.id, key)).toBeUndefined();

    const retried = await drop(key, dropForm());
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count('talents')).toBe(1);
  });

  it('stores a refusal too: the same invalid request is refused the same way without running again', async () => {
    const key = crypto.randomUUID();
    const invalid = () => dropForm({ phone: 'not a phone' });
    const first = await drop(key, invalid());
    expect(first.status).toBe(400);
    const again = await drop(key, invalid());
    expect(again.status).toBe(400);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });

  it('replays a JSON call too: a resent consent reminder is not refused as too soon', async () => {
    const referral = await createReferral(t, me.id);
    t.clock.advance(11 * 60_000);
    const key = crypto.randomUUID();
    const resend = () =>
      t.request('/api/recruiter/talent-task/resend-consent', {
        method: 'POST',
        headers: { ...bearer(me.token), 'Idempotency-Key': key },
        json: { referralId: referral.id },
      });
    const first = await resend();
    expect(first.status).toBe(200);
    const again = await resend();
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    // Without the key, a second reminder this soon is refused.
    const unkeyed = await t.request('/api/recruiter/talent-task/resend-consent', {
      method: 'POST',
      headers: bearer(me.token),
      json: { referralId: referral.id },
    });
    expect(unkeyed.status).toBe(429);
  });

  it('works without a key: two drops of different people both go through', async () => {
    expect((await drop(null, dropForm())).status).toBe(201);
    expect(
      (await drop(null, dropForm({ fullName: 'Siti Nurhaliza', email: 'siti@example.com', phone: '013-999 8888' })))
        .status,
    ).toBe(201);
    expect(await count('talents')).toBe(2);
    expect(await count('idempotency_keys')).toBe(0);
  });

  it('refuses a key that is too short, too long or has other characters', async () => {
    for (const key of ['short', 'x'.repeat(101), 'has spaces in it', 'üñíçødé-key']) {
      const res = await drop(key, dropForm());
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.fields).toEqual({ 'Idempotency-Key': 'idempotency_key_invalid' });
    }
    expect(await count('talents')).toBe(0);
  });

  it('creates exactly one call proof per key, whatever the order and concurrency of the sends', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }).chain((keys) =>
          fc.record({
            keys: fc.constant(keys),
            // Every key is sent once, plus up to 10 resends of random keys: N ≤ 15 requests.
            extra: fc.array(fc.integer({ min: 0, max: keys - 1 }), { maxLength: 10 }),
            order: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 15, maxLength: 15 }),
            batches: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 15, maxLength: 15 }),
          }),
        ),
        async ({ keys, extra, order, batches }) => {
          run += 1;
          const referral = await createReferral(t, me.id);
          const keyOf = (i: number) => `run${run}-key${i}`;
          const sends = [...Array.from({ length: keys }, (_, i) => i), ...extra]
            .map((key, i) => ({ key, rank: order[i] ?? 0 }))
            .sort((a, b) => a.rank - b.rank)
            .map((send) => send.key);

          const answers: { key: number; status: number; body: unknown; replayed: boolean }[] = [];
          for (let start = 0, b = 0; start < sends.length; b += 1) {
            const batch = sends.slice(start, start + (batches[b] ?? 1));
            start += batch.length;
            const results = await Promise.all(
              batch.map(async (key) => {
                const res = await uploadCallProof(keyOf(key), callProofForm(referral.id, `Call number ${key}`));
                return {
                  key,
                  status: res.status,
                  body: await res.json(),
                  replayed: res.headers.has('Idempotent-Replayed'),
                };
              }),
            );
            answers.push(...results);
          }

          for (const answer of answers) expect([201, 409]).toContain(answer.status);
          const proofs = await t.db
            .selectFrom('call_proofs')
            .select(['id', 'note'])
            .where('referral_id', '=', referral.id)
            .execute();
          expect(proofs).toHaveLength(keys);
          expect(new Set(proofs.map((p) => p.note))).toEqual(
            new Set(Array.from({ length: keys }, (_, i) => `Call number ${i}`)),
          );
          // Each key was answered 201 at least once, and every 201 of a key is the same answer.
          for (let key = 0; key < keys; key += 1) {
            const created = answers.filter((a) => a.key === key && a.status === 201);
            expect(created.length).toBeGreaterThan(0);
            expect(created.filter((a) => !a.replayed)).toHaveLength(1);
            for (const answer of created) expect(answer.body).toEqual(created[0]?.body);
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
