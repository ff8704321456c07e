import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordAccess } from '#src/server/personal-data/access-log.ts';
import { checkUpload, storeUpload } from '#src/server/uploads/read-upload.ts';
import type { AccessLogEntry, DataLocations } from '#src/shared/access-log-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertReferral, insertTask } from './helpers/rows';
import { asBlobPart, MEDIA_SAMPLES } from './helpers/sample-files';
import { dropValues, postDrop } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The record of access to personal data (issue 24 part 4): every CV or call-proof view and download and
// every payments export leaves one line naming who, what, which talent, when and from where; admins read
// it, filtered and paged; nobody can change or remove a line through the API.

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AccessLogTest/1.0';
const LOG = '/api/admin/access-log';

describe.each(DIALECTS)('the record of access to personal data on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let owner: Caller;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    owner = await caller(t, { email: 'owner@example.com' });
  });
  afterEach(async () => {
    await t.close();
  });

  const logRows = () => t.db.selectFrom('access_log').selectAll().orderBy('id').execute();
  const read = (fileId: number, who: Caller, query = '') =>
    t.request(`/api/files/${fileId}${query}`, {
      headers: { ...bearer(who.token), 'user-agent': UA, 'x-forwarded-for': '203.0.113.7' },
    });
  const list = (query = '') => ok<ListPage<AccessLogEntry>>(call(t, admin, 'GET', `${LOG}${query ? `?${query}` : ''}`));

  async function droppedResume() {
    const taskId = await insertTask(t);
    const dropped = await postDrop(t, owner.token, dropValues(taskId));
    const { talentId } = (await dropped.json()).data as { talentId: number };
    const talent = await t.db
      .selectFrom('talents')
      .select('resume_file_id')
      .where('id', '=', talentId)
      .executeTakeFirstOrThrow();
    return { taskId, talentId, fileId: talent.resume_file_id as number };
  }

  async function callProofOf(talentId: number, taskId: number) {
    const file = new File([asBlobPart(MEDIA_SAMPLES.m4a)], 'call.m4a');
    const checked = await checkUpload(file, 'call-proof');
    const now = t.clock.now();
    const stored = await storeUpload(t.db, t.deps.storage, checked, { ownerId: owner.id, purpose: 'CALL_PROOF', now });
    const talent = { id: talentId, recruiter_id: owner.id, email: 'aisyah@example.com', phone_e164: '+60123456789' };
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
        created_by: owner.id,
        created_at: now.toISOString(),
      })
      .execute();
    return stored.id;
  }

  it('records a CV viewed in place by an admin as one FILE_VIEW line with the talent, the IP and the browser', async () => {
    const { talentId, fileId } = await droppedResume();
    expect(await logRows()).toEqual([]);
    expect((await read(fileId, admin, '?disposition=inline')).status).toBe(200);
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      actor_kind: 'ADMIN',
      action: 'FILE_VIEW',
      subject_kind: 'FILE',
      subject_id: fileId,
      talent_id: talentId,
      ip: '203.0.113.7',
      user_agent: UA,
      created_at: t.clock.now().toISOString(),
    });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({ purpose: 'RESUME' });
    // The screens that show who read a file still get their row.
    const reads = await t.db.selectFrom('file_reads').select(['file_id', 'user_id', 'disposition']).execute();
    expect(reads).toEqual([{ file_id: fileId, user_id: admin.id, disposition: 'inline' }]);
  });

  it('records a CV downloaded by its recruiter as one FILE_DOWNLOAD line, and a call proof with its purpose', async () => {
    const { taskId, talentId, fileId } = await droppedResume();
    expect((await read(fileId, owner)).status).toBe(200);
    const proofId = await callProofOf(talentId, taskId);
    expect((await read(proofId, owner, '?disposition=inline')).status).toBe(200);
    const rows = await logRows();
    expect(
      rows.map((r) => [r.actor_id, r.actor_kind, r.action, r.subject_id, r.talent_id, JSON.parse(r.detail ?? '')]),
    ).toEqual([
      [owner.id, 'RECRUITER', 'FILE_DOWNLOAD', fileId, talentId, { purpose: 'RESUME' }],
      [owner.id, 'RECRUITER', 'FILE_VIEW', proofId, talentId, { purpose: 'CALL_PROOF' }],
    ]);
  });

  it('records nothing when the file is refused', async () => {
    const { fileId } = await droppedResume();
    const other = await caller(t, { email: 'other@example.com' });
    expect((await read(fileId, other)).status).toBe(404);
    expect(await logRows()).toEqual([]);
  });

  it('records a payments CSV export as one PAYMENTS_EXPORT line with the row count and filter, no bank details', async () => {
    await t.setPayout(owner.id, { bankName: 'Maybank', accountName: 'Owner', accountNumber: '1122334455' });
    const at = t.clock.now().toISOString();
    for (const status of ['PENDING', 'PAID', 'PAID'] as const) {
      await t.db
        .insertInto('payments')
        .values({
          recruiter_id: owner.id,
          amount: 10_000,
          net_amount: 10_000,
          currency: 'MYR',
          status,
          reference: status === 'PAID' ? 'REF-1' : null,
          paid_at: status === 'PAID' ? at : null,
          created_by: admin.id,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    const res = await t.request('/api/admin/payments/export.csv?filter=PAID', {
      headers: { ...bearer(admin.token), 'user-agent': UA, 'x-forwarded-for': '198.51.100.4' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('1122334455');
    const rows = await logRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_id: admin.id,
      actor_kind: 'ADMIN',
      action: 'PAYMENTS_EXPORT',
      subject_kind: 'PAYMENTS',
      subject_id: null,
      talent_id: null,
      ip: '198.51.100.4',
      user_agent: UA,
    });
    expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({ rows: 2, filter: 'PAID', recruiterId: null });
    expect(rows[0]?.detail).not.toMatch(/Maybank|1122334455/);
  });

  it('shows admins the record newest first, with the actor named, and filters it', async () => {
    const { talentId, fileId } = await droppedResume();
    await read(fileId, owner);
    t.clock.advance(60_000);
    await read(fileId, admin, '?disposition=inline');
    t.clock.advance(60_000);
    await call(t, admin, 'GET', '/api/admin/payments/export.csv');
    t.clock.advance(60_000);
    await recordAccess(t.db, t.clock.now(), {
      actorId: null,
      actorKind: 'SYSTEM',
      action: 'RETENTION_ANONYMISE',
      subjectKind: 'TALENT',
      subjectId: talentId,
      talentId,
    });

    const all = await list();
    expect(all.total).toBe(4);
    expect(all.items.map((e) => e.action)).toEqual([
      'RETENTION_ANONYMISE',
      'PAYMENTS_EXPORT',
      'FILE_VIEW',
      'FILE_DOWNLOAD',
    ]);
    expect(all.items[0]?.actor).toEqual({ kind: 'SYSTEM', id: null, name: null, email: null });
    expect(all.items[2]).toMatchObject({
      actor: { kind: 'ADMIN', id: admin.id, name: expect.any(String), email: admin.email },
      subject: { kind: 'FILE', id: fileId },
      talentId,
      detail: { purpose: 'RESUME' },
    });
    expect(all.items[3]?.actor).toMatchObject({ kind: 'RECRUITER', id: owner.id, email: owner.email });

    expect((await list('action=FILE_DOWNLOAD')).items.map((e) => e.actor.id)).toEqual([owner.id]);
    expect((await list(`actorId=${admin.id}`)).items.map((e) => e.action)).toEqual(['PAYMENTS_EXPORT', 'FILE_VIEW']);
    expect((await list(`talentId=${talentId}`)).total).toBe(3);
    expect((await list(`talentId=${talentId}&action=FILE_VIEW`)).total).toBe(1);
    const start = new Date('2026-11-22T02:01:00.000Z').toISOString();
    const end = new Date('2026-11-22T02:03:00.000Z').toISOString();
    const between = await list(`from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}`);
    expect(between.items.map((e) => e.action)).toEqual(['PAYMENTS_EXPORT', 'FILE_VIEW']);
    const paged = await list('pageSize=10&page=1');
    expect(paged).toMatchObject({ page: 1, pageSize: 10, total: 4 });
    expect((await list('page=2&pageSize=10')).items).toEqual([]);
    expect((await call(t, admin, 'GET', `${LOG}?action=DELETE_ALL`)).status).toBe(400);
    expect((await call(t, admin, 'GET', `${LOG}?from=yesterday`)).status).toBe(400);
  });

  it('refuses the record to a recruiter (403) and to a visitor (401)', async () => {
    expect((await call(t, owner, 'GET', LOG)).status).toBe(403);
    expect((await call(t, null, 'GET', LOG)).status).toBe(401);
    expect((await call(t, owner, 'GET', '/api/admin/data-locations')).status).toBe(403);
  });

  it('has no route that changes or removes a line: the record is append-only', async () => {
    const { fileId } = await droppedResume();
    await read(fileId, owner);
    const [line] = await logRows();
    const writes = t.app.routes.filter((r) => /access-log/.test(r.path) && r.method !== 'GET');
    expect(writes).toEqual([]);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await call(t, admin, method, `${LOG}/${line?.id}`, method === 'DELETE' ? undefined : {});
      expect(res.status, method).toBe(404);
      expect((await call(t, admin, method, LOG, method === 'DELETE' ? undefined : {})).status, method).toBe(404);
    }
    expect(await logRows()).toEqual([line]);
  });
});

describe.each(DIALECTS)('where personal data goes, on %s', (dialect) => {
  const locations = async (env: Record<string, string>) => {
    const t = await createTestApp(dialect, env);
    try {
      const admin = await adminCaller(t);
      const res = await call(t, admin, 'GET', '/api/admin/data-locations');
      expect(res.status).toBe(200);
      return { data: res.body.data as DataLocations, text: res.text };
    } finally {
      await t.close();
    }
  };

  it('says everything stays on this server with the defaults', async () => {
    const { data } = await locations({});
    expect(data.files).toEqual({ kind: 'LOCAL_DISK', leavesServer: false });
    expect(data.ai).toEqual({ kind: 'BUILTIN_AI', leavesServer: false });
    expect(data.email).toEqual({ kind: 'EML_FILES', leavesServer: false });
    expect(data.database.leavesServer).toBe(false);
    expect(data.push).toEqual({ kind: 'WEB_PUSH', hosts: [], leavesServer: false });
  });

  it('names the push services the subscribed devices use (issue 25), never their addresses', async () => {
    const t = await createTestApp(dialect);
    try {
      const admin = await adminCaller(t);
      for (const endpoint of [
        'https://fcm.googleapis.com/fcm/send/device-secret-1',
        'https://web.push.apple.com/QGv-device-secret-2',
        'https://fcm.googleapis.com/fcm/send/device-secret-3',
      ]) {
        const res = await call(t, admin, 'PUT', '/api/notifications/push/subscription', {
          endpoint,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        });
        expect(res.status).toBe(200);
      }
      const res = await call(t, admin, 'GET', '/api/admin/data-locations');
      expect((res.body.data as DataLocations).push).toEqual({
        kind: 'WEB_PUSH',
        hosts: ['fcm.googleapis.com', 'web.push.apple.com'],
        leavesServer: true,
      });
      expect(res.text).not.toContain('device-secret');
    } finally {
      await t.close();
    }
  });

  it('names the outside hosts, region, bucket and model, and never a key or password', async () => {
    const { data, text } = await locations({
      S3_BUCKET: 'cv-bucket',
      S3_ENDPOINT: 'https://sgp1.digitaloceanspaces.com',
      S3_REGION: 'sgp1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEYID',
      S3_SECRET_ACCESS_KEY: 'very-secret-s3-key',
      AI_BASE_URL: 'https://api.openai.com/v1',
      AI_MODEL: 'gpt-4o-mini',
      AI_API_KEY: 'sk-secret-ai-key',
      SMTP_URL: 'smtps://mailer:smtp-password@smtp.sendgrid.net:465',
    });
    expect(data.files).toEqual({
      kind: 'S3',
      host: 'sgp1.digitaloceanspaces.com',
      region: 'sgp1',
      bucket: 'cv-bucket',
      leavesServer: true,
    });
    expect(data.ai).toEqual({
      kind: 'OPENAI_COMPATIBLE',
      host: 'api.openai.com',
      model: 'gpt-4o-mini',
      leavesServer: true,
    });
    expect(data.email).toEqual({ kind: 'SMTP', host: 'smtp.sendgrid.net', leavesServer: true });
    expect(text).not.toMatch(/AKIAEXAMPLEKEYID|very-secret-s3-key|sk-secret-ai-key|smtp-password|mailer/);
  });

  it('counts a model on this machine (Ollama on localhost) and AWS S3 by its region as what they are', async () => {
    const { data } = await locations({
      S3_BUCKET: 'cvs',
      S3_REGION: 'ap-southeast-1',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_MODEL: 'llama3.2',
    });
    expect(data.files).toMatchObject({ kind: 'S3', host: 's3.ap-southeast-1.amazonaws.com', leavesServer: true });
    expect(data.ai).toEqual({ kind: 'OPENAI_COMPATIBLE', host: '127.0.0.1', model: 'llama3.2', leavesServer: false });
  });
});
