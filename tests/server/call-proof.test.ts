import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import { createReferral, signIn } from './helpers/referral-fixtures';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// An MP3 as a phone recorder writes it: an ID3 tag, then MPEG audio frames.
function mp3(): Uint8Array {
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const id3 = [0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0, 0, 0, 0];
  return Uint8Array.from([...id3, ...frame, ...frame, ...frame]);
}

// A Windows executable: the "MZ" header, whatever the name says.
function exe(): Uint8Array {
  const bytes = new Uint8Array(1024);
  bytes.set([0x4d, 0x5a]);
  return bytes;
}

/** A PNG padded to exactly `size` bytes (the type is read from the first bytes). */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(tinyPng(1));
  return bytes;
}

describe.each(DIALECTS)('call proofs on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const form = (
    referralId: number,
    file: { bytes: Uint8Array; name: string; type?: string } | null,
    values: { calledAt?: string; note?: string } = {},
  ) => {
    const body = new FormData();
    body.set('referralId', String(referralId));
    body.set('calledAt', values.calledAt ?? new Date(t.clock.now().getTime() - 30 * MINUTE).toISOString());
    if (values.note !== undefined) body.set('note', values.note);
    if (file) body.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? '' }));
    return body;
  };
  const upload = (headers: Record<string, string>, body: FormData) =>
    t.request('/api/recruiter/talent-task/call-proof', { method: 'POST', headers, body });
  const remove = (headers: Record<string, string>, id: number) =>
    t.request(`/api/recruiter/talent-task/call-proof/${id}`, { method: 'DELETE', headers });
  const storedFile = async (fileId: number) => {
    const row = await t.db.selectFrom('files').selectAll().where('id', '=', fileId).executeTakeFirst();
    return { row, bytes: row ? await t.deps.storage.get(row.storage_key) : null };
  };

  it('accepts an image, an audio recording and a PDF, storing the exact bytes', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const files = [
      { bytes: new Uint8Array(tinyPng(7)), name: 'screenshot.png', mime: 'image/png' },
      { bytes: mp3(), name: 'call recording.mp3', mime: 'audio/mpeg' },
      { bytes: new Uint8Array(tinyPdf(['Call log', '10:02 Aisyah, 4 min'])), name: 'log.pdf', mime: 'application/pdf' },
    ];
    const calledAt = '2026-11-22T01:15:00.000Z';
    for (const file of files) {
      // The browser's Content-Type is not trusted: the type comes from the bytes.
      const res = await upload(
        me.headers,
        form(referral.id, { ...file, type: 'application/octet-stream' }, { calledAt, note: 'Talked about the role.' }),
      );
      expect(res.status).toBe(201);
      const item = (await res.json()).data;
      expect(item).toMatchObject({
        referralId: referral.id,
        calledAt,
        note: 'Talked about the role.',
        reviewStatus: 'NEED_REVIEW',
        reviewReason: null,
        reviewedAt: null,
        file: { name: file.name, mimeType: file.mime, size: file.bytes.byteLength },
      });
      const stored = await storedFile(item.file.id);
      expect(stored.row).toMatchObject({ owner_id: me.id, purpose: 'CALL_PROOF', mime_type: file.mime });
      expect(stored.row?.storage_key).not.toContain(file.name);
      expect(Buffer.from(stored.bytes ?? []).equals(Buffer.from(file.bytes))).toBe(true);
    }

    const detail = (
      await (await t.request(`/api/recruiter/talent-task/${referral.id}`, { headers: me.headers })).json()
    ).data;
    expect(detail.callProofList.map((p: { file: { name: string } }) => p.file.name)).toEqual([
      'log.pdf',
      'call recording.mp3',
      'screenshot.png',
    ]);
    expect(detail.callProofs).toEqual({ total: 3, needReview: 3, accepted: 0, rejected: 0 });
    expect(detail.history.filter((h: { action: string }) => h.action === 'CALL_PROOF_ADDED')).toHaveLength(3);
  });

  it('accepts 5,000,000 bytes and refuses 5,000,001', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const ok = await upload(me.headers, form(referral.id, { bytes: pngOfSize(5_000_000), name: 'big.png' }));
    expect(ok.status).toBe(201);
    const tooBig = await upload(me.headers, form(referral.id, { bytes: pngOfSize(5_000_001), name: 'big.png' }));
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      fields: { file: 'file_too_large' },
    });
    expect(await t.db.selectFrom('call_proofs').select('id').execute()).toHaveLength(1);
  });

  it('refuses an executable renamed .pdf, and a missing file', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const res = await upload(
      me.headers,
      form(referral.id, { bytes: exe(), name: 'proof.pdf', type: 'application/pdf' }),
    );
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_FILE_TYPE');
    const missing = await upload(me.headers, form(referral.id, null));
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toEqual({ file: 'file_required' });
    expect(await t.db.selectFrom('files').select('id').execute()).toHaveLength(0);
  });

  it('refuses a call time in the future, or long before the referral', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const now = t.clock.now().getTime();
    const png = { bytes: new Uint8Array(tinyPng(1)), name: 'call.png' };
    const at = (ms: number) => ({ calledAt: new Date(ms).toISOString() });

    const future = await upload(me.headers, form(referral.id, png, at(now + 6 * MINUTE)));
    expect(future.status).toBe(400);
    expect((await future.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { calledAt: 'called_at_future' },
    });
    const tooEarly = await upload(me.headers, form(referral.id, png, at(now - 31 * DAY)));
    expect((await tooEarly.json()).error.fields).toEqual({ calledAt: 'called_at_too_early' });
    const notADate = await upload(me.headers, form(referral.id, png, { calledAt: 'yesterday' }));
    expect((await notADate.json()).error.fields).toMatchObject({ calledAt: 'called_at_required' });

    // A phone clock a little ahead, and a call made before the talent was added, are fine.
    expect((await upload(me.headers, form(referral.id, png, at(now + 4 * MINUTE)))).status).toBe(201);
    expect((await upload(me.headers, form(referral.id, png, at(now - 29 * DAY)))).status).toBe(201);
  });

  it('leaves no stored object behind when the database refuses the call proof', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    if (dialect === 'postgres') {
      await sql`create function refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(
        t.db,
      );
      await sql`create trigger refuse_call_proofs before insert on call_proofs for each row execute function refuse()`.execute(
        t.db,
      );
    } else {
      await sql`create trigger refuse_call_proofs before insert on call_proofs begin select raise(abort, 'refused'); end`.execute(
        t.db,
      );
    }
    const put = vi.spyOn(t.deps.storage, 'put');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await upload(me.headers, form(referral.id, { bytes: tinyPng(5), name: 'a.png' }));
    expect(res.status).toBe(500);
    expect(logged).toHaveBeenCalled();
    expect(put).toHaveBeenCalledTimes(1);
    const key = put.mock.calls[0]?.[0] as string;
    logged.mockRestore();
    put.mockRestore();
    expect(await t.deps.storage.get(key)).toBeNull();
    expect(await t.db.selectFrom('files').select('id').execute()).toHaveLength(0);
  });

  it('deletes a call proof while it is NEED_REVIEW, with its file', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const created = await upload(me.headers, form(referral.id, { bytes: mp3(), name: 'call.mp3' }));
    const item = (await created.json()).data;
    const { row } = await storedFile(item.file.id);

    const res = await remove(me.headers, item.id);
    expect(res.status).toBe(200);
    expect(await t.db.selectFrom('call_proofs').select('id').execute()).toHaveLength(0);
    expect(await storedFile(item.file.id)).toEqual({ row: undefined, bytes: null });
    expect(await t.deps.storage.get(row?.storage_key ?? '')).toBeNull();
    const history = await t.db
      .selectFrom('referral_history')
      .selectAll()
      .where('action', '=', 'CALL_PROOF_DELETED')
      .execute();
    expect(history).toEqual([expect.objectContaining({ referral_id: referral.id, actor_id: me.id, note: 'call.mp3' })]);

    expect((await remove(me.headers, item.id)).status).toBe(404);
  });

  it('refuses to delete a reviewed call proof', async () => {
    const me = await signIn(t);
    const referral = await createReferral(t, me.id);
    const item = (await (await upload(me.headers, form(referral.id, { bytes: tinyPng(2), name: 'a.png' }))).json())
      .data;
    await t.db
      .updateTable('call_proofs')
      .set({ review_status: 'ACCEPTED', reviewed_at: t.clock.now().toISOString() })
      .where('id', '=', item.id)
      .execute();
    const res = await remove(me.headers, item.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({
      code: 'CONFLICT',
      message: 'This call proof has been reviewed and can no longer be deleted.',
    });
    expect((await storedFile(item.file.id)).bytes).not.toBeNull();
  });

  it("answers 404 for another recruiter's referral or call proof, and keeps them intact", async () => {
    const owner = await signIn(t);
    const intruder = await signIn(t);
    const referral = await createReferral(t, owner.id);
    const item = (await (await upload(owner.headers, form(referral.id, { bytes: tinyPng(3), name: 'a.png' }))).json())
      .data;

    const add = await upload(intruder.headers, form(referral.id, { bytes: tinyPng(4), name: 'b.png' }));
    expect(add.status).toBe(404);
    expect((await remove(intruder.headers, item.id)).status).toBe(404);
    expect(await t.db.selectFrom('call_proofs').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('files').select('id').execute()).toHaveLength(1);
  });
});
