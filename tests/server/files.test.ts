import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '#src/server/errors.ts';
import { checkUpload, displayName, storeUpload } from '#src/server/uploads/read-upload.ts';
import { insertReferral, insertTask } from './helpers/rows';
import { asBlobPart, MEDIA_SAMPLES, pdfOfSize, sampleDocx, sampleExe, samplePdf } from './helpers/sample-files';
import { dropValues, postDrop, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const fileOf = (bytes: Uint8Array, name: string, type = '') => new File([asBlobPart(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('checking an upload', () => {
  it('accepts the images, recordings and PDFs a phone makes as call proof, by their bytes', async () => {
    const expected: Record<keyof typeof MEDIA_SAMPLES, string> = {
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      heic: 'image/heic',
      gif: 'image/gif',
      mp3: 'audio/mpeg',
      m4a: 'audio/mp4',
      mp4: 'audio/mp4',
      aac: 'audio/aac',
      ogg: 'audio/ogg',
      wav: 'audio/wav',
      webm: 'audio/webm',
      amr: 'audio/amr',
      '3gp': 'audio/3gpp',
    };
    for (const [name, bytes] of Object.entries(MEDIA_SAMPLES)) {
      const checked = await checkUpload(fileOf(bytes, `proof.bin`), 'call-proof');
      expect({ name, mimeType: checked.mimeType }).toEqual({ name, mimeType: expected[name as keyof typeof expected] });
    }
    const pdf = await checkUpload(fileOf(samplePdf(), 'log'), 'call-proof');
    expect(pdf).toMatchObject({
      mimeType: 'application/pdf',
      extension: 'pdf',
      name: 'log.pdf',
      size: samplePdf().length,
    });
    expect(pdf.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a call proof that is a document or a program, whatever its name says', async () => {
    const docx = await refusal(checkUpload(fileOf(await sampleDocx(['Call notes']), 'call.docx'), 'call-proof'));
    expect(docx).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      status: 415,
      fields: { file: 'file_type_unsupported' },
    });
    const exe = await refusal(checkUpload(fileOf(sampleExe(), 'recording.mp3', 'audio/mpeg'), 'call-proof'));
    expect(exe.code).toBe('UNSUPPORTED_FILE_TYPE');
    const text = await refusal(checkUpload(fileOf(Buffer.from('just text'), 'photo.jpg'), 'call-proof'));
    expect(text.code).toBe('UNSUPPORTED_FILE_TYPE');
  });

  it('takes a call proof of 5,000,000 bytes and refuses 5,000,001 with a clear message', async () => {
    await expect(checkUpload(fileOf(pdfOfSize(5_000_000), 'a.pdf'), 'call-proof')).resolves.toMatchObject({
      size: 5_000_000,
    });
    const tooBig = await refusal(checkUpload(fileOf(pdfOfSize(5_000_001), 'a.pdf'), 'call-proof'));
    expect(tooBig).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413, fields: { file: 'file_too_large' } });
    expect(tooBig.message).toMatch(/5MB/);
  });

  it('asks for a file when there is none or it is empty', async () => {
    for (const file of [undefined, fileOf(new Uint8Array(), 'empty.pdf')]) {
      const error = await refusal(checkUpload(file, 'resume'));
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, fields: { file: 'file_required' } });
    }
  });

  it('keeps the uploaded name for display only, cleaned and ending in the detected type', () => {
    expect(displayName('Aisyah CV.pdf', 'pdf', 'resume')).toBe('Aisyah CV.pdf');
    expect(displayName('photo.JPEG', 'jpg', 'resume')).toBe('photo.JPEG');
    expect(displayName('../../etc/passwd', 'pdf', 'resume')).toBe('passwd.pdf');
    expect(displayName('C:\\Users\\me\\cv.exe', 'pdf', 'resume')).toBe('cv.pdf');
    expect(displayName('bad"name\u0000.pdf', 'pdf', 'resume')).toBe('bad_name_.pdf');
    expect(displayName('', 'png', 'call-proof')).toBe('call-proof.png');
  });
});

describe.each(DIALECTS)('files on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
  });
  afterEach(async () => {
    await t.close();
  });

  const storedObjects = () => {
    try {
      return readdirSync(path.join(t.env.DATA_DIR, 'files'), { recursive: true, withFileTypes: true }).filter((e) =>
        e.isFile(),
      ).length;
    } catch {
      return 0;
    }
  };
  const myResume = async () => {
    const taskId = await insertTask(t);
    const dropped = await postDrop(t, me.token, dropValues(taskId));
    const { talentId } = (await dropped.json()).data;
    const talent = await t.db
      .selectFrom('talents')
      .select('resume_file_id')
      .where('id', '=', talentId)
      .executeTakeFirstOrThrow();
    return talent.resume_file_id as number;
  };
  const download = (fileId: number, token?: string, query = '') =>
    t.request(`/api/files/${fileId}${query}`, { headers: token ? bearer(token) : {} });

  it('gives the owner their resume as an attachment, with the exact bytes', async () => {
    const fileId = await myResume();
    const res = await download(fileId, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Aisyah_CV.pdf"; filename*=UTF-8''Aisyah_CV.pdf`,
    );
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(samplePdf());
  });

  it('shows a PDF in place only when asked', async () => {
    const fileId = await myResume();
    const res = await download(fileId, me.token, '?disposition=inline');
    expect(res.headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('lets an admin download any resume', async () => {
    const fileId = await myResume();
    const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    const { accessToken } = await t.login(admin.email);
    const res = await download(fileId, accessToken);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(samplePdf());
  });

  it('answers another recruiter 404, as for a file that does not exist, and a visitor 401', async () => {
    const fileId = await myResume();
    const other = await recruiter(t, 'other@example.com');
    const theirs = await download(fileId, other.token);
    expect(theirs.status).toBe(404);
    const missing = await download(999_999, other.token);
    expect((await theirs.json()).error).toEqual({ ...(await missing.json()).error, requestId: expect.any(String) });
    expect((await download(fileId)).status).toBe(401);
  });

  it('lets the recruiter of a referral download its call proof, and nobody else', async () => {
    const taskId = await insertTask(t);
    const dropped = await postDrop(t, me.token, dropValues(taskId));
    const { talentId } = (await dropped.json()).data;
    const checked = await checkUpload(fileOf(MEDIA_SAMPLES.m4a, 'call.m4a'), 'call-proof');
    const now = t.clock.now();
    const stored = await storeUpload(t.db, t.deps.storage, checked, { ownerId: me.id, purpose: 'CALL_PROOF', now });
    expect(stored.storageKey).toMatch(/^call-proof\/\d{4}-\d{2}\/[0-9a-f-]{36}\.m4a$/);
    const talent = { id: talentId, recruiter_id: me.id, email: 'aisyah@example.com', phone_e164: '+60123456789' };
    const referralId = await insertReferral(t, talent, taskId);
    await t.db
      .insertInto('call_proofs')
      .values({
        referral_id: referralId,
        file_id: stored.id,
        called_at: now.toISOString(),
        note: null,
        review_status: 'NEED_REVIEW',
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_by: me.id,
        created_at: now.toISOString(),
      })
      .execute();
    const mine = await download(stored.id, me.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('audio/mp4');
    expect(Buffer.from(await mine.arrayBuffer())).toEqual(MEDIA_SAMPLES.m4a);
    const other = await recruiter(t, 'other@example.com');
    expect((await download(stored.id, other.token)).status).toBe(404);
  });

  it('answers 404 when the stored object is gone', async () => {
    const fileId = await myResume();
    const file = await t.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    await t.deps.storage.delete(file.storage_key);
    expect((await download(fileId, me.token)).status).toBe(404);
  });

  it('leaves no stored object behind when the files row cannot be written', async () => {
    const checked = await checkUpload(fileOf(samplePdf(), 'cv.pdf'), 'resume');
    // No such user: the row breaks a foreign key after the bytes were put.
    const failed = storeUpload(t.db, t.deps.storage, checked, {
      ownerId: 999_999,
      purpose: 'RESUME',
      now: t.clock.now(),
    });
    await expect(failed).rejects.toThrow();
    expect(storedObjects()).toBe(0);
  });
});
