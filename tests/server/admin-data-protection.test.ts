import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '#src/server/mail/templates.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type {
  DataRequestRow,
  EraseAnswer,
  PersonExport,
  PersonMatch,
  PersonView,
} from '#src/shared/data-protection-types.ts';
import type { PaymentDetail } from '#src/shared/payment-types.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { createReferral } from './helpers/referral-fixtures';
import { uploadCallProof } from './helpers/route-catalog';
import { insertMember, insertTalent, insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const BASE = '/api/admin/data-protection';
const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('admin data protection on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let rina: Caller;
  let amir: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    rina = await caller(t, { email: 'rina@example.com' });
    amir = await caller(t, { email: 'amir@example.com' });
  });
  afterEach(async () => {
    await t.close();
  });

  const accessLines = (talentId: number) =>
    t.db.selectFrom('access_log').selectAll().where('talent_id', '=', talentId).orderBy('id').execute();

  /** The same person in two recruiters' folders: Rina's with a referral (a consent link e-mailed), Amir's bare. */
  async function samePersonTwice() {
    const referral = await createReferral(t, rina.id, {
      talent: { email: 'Aisyah.R@Example.com', email_normalized: 'aisyah.r@example.com', phone_e164: '+60123456789' },
    });
    const other = await insertTalent(t, amir.id, {
      email: 'aisyah.r@example.com',
      phone_e164: '+60123456789',
    });
    return { referral, rinaTalentId: referral.talentId, amirTalentId: other.id };
  }

  it('finds a person by e-mail and by phone across recruiters, and writes no access record for it', async () => {
    const { rinaTalentId, amirTalentId } = await samePersonTwice();
    await insertTalent(t, rina.id, { email: 'someone.else@example.com', phone_e164: '+60129999999' });

    const byEmail = await ok<PersonMatch[]>(
      call(t, admin, 'GET', `${BASE}/people?q=${encodeURIComponent(' AISYAH.R@example.com ')}`),
    );
    expect(byEmail.map((p) => p.id).sort()).toEqual([rinaTalentId, amirTalentId].sort());
    const rinas = byEmail.find((p) => p.id === rinaTalentId) as PersonMatch;
    expect(rinas.recruiter.email).toBe('rina@example.com');
    // Two links: the consent link and the "manage my data" link its e-mail carries.
    expect(rinas.counts).toMatchObject({ referrals: 1, links: 2, emails: 1 });

    // The phone as the admin types it: local, with spaces and dashes.
    const byPhone = await ok<PersonMatch[]>(
      call(t, admin, 'GET', `${BASE}/people?q=${encodeURIComponent('012-345 6789')}`),
    );
    expect(byPhone.map((p) => p.id).sort()).toEqual([rinaTalentId, amirTalentId].sort());
    const international = await ok<PersonMatch[]>(call(t, admin, 'GET', `${BASE}/people?q=60123456789`));
    expect(international).toHaveLength(2);

    expect(await ok<PersonMatch[]>(call(t, admin, 'GET', `${BASE}/people?q=nobody@example.com`))).toEqual([]);
    // A name is not an e-mail or a phone: refused with a field message, not answered "no match".
    const byName = await call(t, admin, 'GET', `${BASE}/people?q=${encodeURIComponent('Nur Aisyah')}`);
    expect(byName.status).toBe(400);
    expect((byName.body as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      q: 'data_protection_search_contact',
    });
    expect(await t.db.selectFrom('access_log').selectAll().execute()).toEqual([]);
  });

  it('is for admins only: a recruiter gets 403 on every route', async () => {
    const { rinaTalentId } = await samePersonTwice();
    for (const [method, path, json] of [
      ['GET', `${BASE}/people?q=aisyah.r@example.com`],
      ['GET', `${BASE}/people/${rinaTalentId}`],
      ['GET', `${BASE}/people/${rinaTalentId}/export`],
      ['POST', `${BASE}/people/${rinaTalentId}/erase`, { reason: 'Asked by phone', confirm: 'ERASE' }],
      ['GET', `${BASE}/requests`],
      ['POST', `${BASE}/requests/1/close`, { status: 'DONE', response: 'Done.' }],
    ] as const) {
      expect((await call(t, rina, method, path, json)).status, `${method} ${path}`).toBe(403);
    }
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', rinaTalentId).execute()).toHaveLength(1);
  });

  it("lists a person's referrals, files, links and e-mails, never a link's hash or an e-mail's body, and logs the view", async () => {
    const { referral, rinaTalentId } = await samePersonTwice();
    await insertMember(t, rina.id, referral.taskId);
    const proof = await uploadCallProof({ t, owner: rina }, referral.id);

    const view = await ok<PersonView>(call(t, admin, 'GET', `${BASE}/people/${rinaTalentId}`));
    expect(view.profile).toMatchObject({ id: rinaTalentId, email: 'Aisyah.R@Example.com', erasedAt: null });
    expect(view.profile.recruiter.email).toBe('rina@example.com');
    expect(view.referrals).toEqual([expect.objectContaining({ id: referral.id, consentStatus: 'PENDING' })]);
    expect(view.files).toEqual([
      expect.objectContaining({ id: proof.file.id, purpose: 'CALL_PROOF', href: `/api/files/${proof.file.id}` }),
    ]);
    expect(view.links).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'CONSENT', referralId: referral.id, usedAt: null }),
        expect.objectContaining({ kind: 'DATA', referralId: null }),
      ]),
    );
    expect(view.links).toHaveLength(2);
    expect(view.emails).toEqual([expect.objectContaining({ template: 'consent_request', status: 'PENDING' })]);
    const text = JSON.stringify(view);
    expect(text).not.toContain('token_hash');
    expect(text).not.toContain(referral.consentToken);
    expect(text).not.toContain('payload');

    const lines = await accessLines(rinaTalentId);
    expect(lines).toEqual([
      expect.objectContaining({
        action: 'PERSON_VIEW',
        actor_id: admin.id,
        actor_kind: 'ADMIN',
        subject_kind: 'TALENT',
      }),
    ]);
    // A view shows itself in the record of access it answers, and the next one shows both.
    expect(view.access).toEqual([expect.objectContaining({ action: 'PERSON_VIEW', actorKind: 'ADMIN' })]);
    const again = await ok<PersonView>(call(t, admin, 'GET', `${BASE}/people/${rinaTalentId}`));
    expect(again.access.map((line) => line.action)).toEqual(['PERSON_VIEW', 'PERSON_VIEW']);
    expect((await call(t, admin, 'GET', `${BASE}/people/999999`)).status).toBe(404);
  });

  it('exports everything held as a JSON download and records the export', async () => {
    const { referral, rinaTalentId } = await samePersonTwice();
    const res = await call(t, admin, 'GET', `${BASE}/people/${rinaTalentId}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="person-\d+-2026-11-22\.json"$/);
    const file = res.body as PersonExport;
    expect(file.exportedAt).toBe(t.clock.now().toISOString());
    expect(Object.keys(file).sort()).toEqual(
      ['access', 'emails', 'exportedAt', 'files', 'links', 'profile', 'referrals', 'requests'].sort(),
    );
    expect(file.profile.fullName).not.toBe('');
    expect(file.referrals.map((r) => r.id)).toEqual([referral.id]);
    expect(file.links).toHaveLength(2);
    expect(file.emails).toHaveLength(1);
    const lines = await accessLines(rinaTalentId);
    expect(lines.map((l) => l.action)).toEqual(['PERSON_EXPORT']);
    expect(JSON.parse(lines[0]?.detail as string)).toEqual({ referrals: 1, files: 0 });
    // The file's record of access holds the export itself (the screen shows the file's copy).
    expect(file.access).toEqual([
      expect.objectContaining({ action: 'PERSON_EXPORT', detail: { referrals: 1, files: 0 } }),
    ]);
  });

  it('erases only with a reason of 5 characters and the typed word ERASE', async () => {
    const { rinaTalentId } = await samePersonTwice();
    const erase = (json: unknown) => call(t, admin, 'POST', `${BASE}/people/${rinaTalentId}/erase`, json);
    const short = await erase({ reason: 'why', confirm: 'ERASE' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ reason: 'data_protection_reason_short' });
    const unconfirmed = await erase({ reason: 'Asked by e-mail', confirm: 'erase' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error.fields).toEqual({ confirm: 'data_protection_confirm_word' });
    expect((await erase({ reason: 'Asked by e-mail' })).status).toBe(400);
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', rinaTalentId).execute()).toHaveLength(1);
  });

  it('deletes a person without money: rows, links, e-mails and files gone, the erase recorded with its reason', async () => {
    const { referral, rinaTalentId, amirTalentId } = await samePersonTwice();
    await insertMember(t, rina.id, referral.taskId);
    const proof = await uploadCallProof({ t, owner: rina }, referral.id);
    const stored = await t.db
      .selectFrom('files')
      .select('storage_key')
      .where('id', '=', proof.file.id)
      .executeTakeFirstOrThrow();

    const answer = await ok<EraseAnswer>(
      call(t, admin, 'POST', `${BASE}/people/${rinaTalentId}/erase`, { reason: 'Asked by e-mail', confirm: 'ERASE' }),
    );
    expect(answer).toEqual({ outcome: 'DELETED', reason: null, files: 1, emails: 1 });
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', rinaTalentId).execute()).toEqual([]);
    expect(await t.db.selectFrom('referrals').select('id').where('id', '=', referral.id).execute()).toEqual([]);
    expect(
      await t.db.selectFrom('one_time_tokens').select('id').where('referral_id', '=', referral.id).execute(),
    ).toEqual([]);
    expect(await t.db.selectFrom('email_outbox').select('id').where('talent_id', '=', rinaTalentId).execute()).toEqual(
      [],
    );
    expect(await t.deps.storage.get(stored.storage_key)).toBeNull();
    // The same person in Amir's folder is a record of its own: erasing one row leaves the other.
    expect(await t.db.selectFrom('talents').select('id').where('id', '=', amirTalentId).execute()).toHaveLength(1);

    const [line] = await accessLines(rinaTalentId);
    expect(line).toMatchObject({ action: 'PERSON_ERASE', actor_id: admin.id, actor_kind: 'ADMIN' });
    expect(JSON.parse(line?.detail as string)).toMatchObject({ reason: 'Asked by e-mail', outcome: 'DELETED' });
    expect((await call(t, admin, 'GET', `${BASE}/people/${rinaTalentId}`)).status).toBe(404);
  });

  it('anonymises a person with a PAID reward, and the payments keep their totals', async () => {
    const taskId = await insertTask(t, { quota: 100, reward_amount: 25_000 });
    const referral = await createReferral(t, rina.id, {
      taskId,
      talent: { email: 'paid@example.com', phone_e164: '+60127777777' },
      referral: { consent_status: 'CONFIRMED' },
    });
    await ok(call(t, admin, 'POST', `/api/admin/referrals/${referral.id}/reward`, { decision: 'APPROVED' }));
    const payment = await ok<PaymentDetail>(
      call(t, admin, 'POST', '/api/admin/payments', { recruiterId: rina.id, referralIds: [referral.id] }),
      201,
    );
    await ok(
      call(t, admin, 'POST', `/api/admin/payments/${payment.id}/pay`, {
        reference: 'TRX-1',
        paidAt: t.clock.now().toISOString(),
      }),
    );
    const before = await ok<PaymentDetail>(call(t, admin, 'GET', `/api/admin/payments/${payment.id}`));
    const csvBefore = (await call(t, admin, 'GET', '/api/admin/payments/export.csv?filter=ALL')).text;

    const answer = await ok<EraseAnswer>(
      call(t, admin, 'POST', `${BASE}/people/${referral.talentId}/erase`, {
        reason: 'Withdrew by letter',
        confirm: 'ERASE',
      }),
    );
    expect(answer).toMatchObject({ outcome: 'ANONYMISED', reason: 'MONEY_TRAIL' });

    const after = await ok<PaymentDetail>(call(t, admin, 'GET', `/api/admin/payments/${payment.id}`));
    expect(after.amount).toBe(before.amount);
    expect(after.currency).toBe(before.currency);
    expect(after.referrals.map((r) => [r.id, r.amount, r.currency, r.rewardStatus])).toEqual(
      before.referrals.map((r) => [r.id, r.amount, r.currency, r.rewardStatus]),
    );
    // The CSV names no talent: line for line the same file.
    expect((await call(t, admin, 'GET', '/api/admin/payments/export.csv?filter=ALL')).text).toBe(csvBefore);
    expect(csvBefore).toContain('TRX-1');

    const view = await ok<PersonView>(call(t, admin, 'GET', `${BASE}/people/${referral.talentId}`));
    expect(view.profile).toMatchObject({ fullName: '', email: '', phone: '' });
    expect(view.profile.erasedAt).not.toBeNull();
    expect(view.referrals).toEqual([expect.objectContaining({ rewardStatus: 'PAID', paymentId: payment.id })]);
    expect(view.links).toEqual([]);
    expect(view.emails).toEqual([]);
    // Nothing is left to find by the old address.
    expect(await ok<PersonMatch[]>(call(t, admin, 'GET', `${BASE}/people?q=paid@example.com`))).toEqual([]);
  });

  it('lists the requests oldest due first with their clocks, and closes one once', async () => {
    const { rinaTalentId, amirTalentId } = await samePersonTwice();
    const now = t.clock.now().getTime();
    const request = async (talentId: number, kind: 'CORRECTION' | 'WITHDRAWAL', dueInMs: number) =>
      (
        await t.db
          .insertInto('data_requests')
          .values({
            talent_id: talentId,
            referral_id: null,
            kind,
            message: kind === 'CORRECTION' ? 'My phone is new.' : null,
            status: 'OPEN',
            due_at: new Date(now + dueInMs).toISOString(),
            created_at: new Date(now + dueInMs - 21 * DAY).toISOString(),
            closed_at: null,
            closed_by: null,
            response: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const later = await request(rinaTalentId, 'CORRECTION', 5 * DAY - 60_000);
    const overdue = await request(amirTalentId, 'WITHDRAWAL', -2 * DAY - 60_000);

    const open = await ok<ListPage<DataRequestRow>>(call(t, admin, 'GET', `${BASE}/requests?status=OPEN`));
    expect(open.total).toBe(2);
    expect(open.items.map((r) => [r.id, r.daysLeft])).toEqual([
      [overdue, -3],
      [later, 5],
    ]);
    expect(open.items[1]).toMatchObject({
      kind: 'CORRECTION',
      message: 'My phone is new.',
      recruiter: { id: rina.id },
    });

    const closed = await call(t, admin, 'POST', `${BASE}/requests/${later}/close`, {
      status: 'DONE',
      response: 'Phone updated.',
    });
    expect(closed.status).toBe(200);
    const row = await t.db.selectFrom('data_requests').selectAll().where('id', '=', later).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'DONE', response: 'Phone updated.', closed_by: admin.id });
    expect(row.closed_at).toBe(t.clock.now().toISOString());
    // The talent hears the answer, with a fresh link to see their data as it is now.
    const told = await t.db
      .selectFrom('email_outbox')
      .select(['template', 'to_address', 'payload'])
      .where('template', '=', 'data_request_answered')
      .execute();
    expect(told).toHaveLength(1);
    const answer = JSON.parse(told[0]?.payload as string);
    expect(answer).toMatchObject({ message: 'My phone is new.', status: 'DONE', response: 'Phone updated.' });
    expect(answer.link).toMatch(/\/talent\/data\?token=/);
    const mail = renderEmail('data_request_answered', 'en', answer);
    expect(mail.text).toContain('You asked: My phone is new.');
    expect(mail.text).toContain('We have done what you asked. Our answer:');
    expect(mail.text).toContain('Phone updated.');
    expect(
      (await call(t, admin, 'POST', `${BASE}/requests/${later}/close`, { status: 'REFUSED', response: 'x' })).status,
    ).toBe(409);
    expect(
      (await call(t, admin, 'POST', `${BASE}/requests/${overdue}/close`, { status: 'DONE', response: '' })).status,
    ).toBe(400);
    expect(
      (await call(t, admin, 'POST', `${BASE}/requests/999999/close`, { status: 'DONE', response: 'ok' })).status,
    ).toBe(404);

    const done = await ok<ListPage<DataRequestRow>>(call(t, admin, 'GET', `${BASE}/requests?status=DONE`));
    expect(done.items).toEqual([
      expect.objectContaining({ id: later, closedBy: 'Test User 1', response: 'Phone updated.' }),
    ]);
  });

  it("names a withdrawal's task and company in the request list, and no task for a correction", async () => {
    const { referral, rinaTalentId } = await samePersonTwice();
    const task = await t.db
      .selectFrom('tasks')
      .select(['id', 'code', 'title', 'company'])
      .where('id', '=', referral.taskId)
      .executeTakeFirstOrThrow();
    const at = t.clock.now().getTime();
    for (const [kind, referralId] of [
      ['WITHDRAWAL', referral.id],
      ['CORRECTION', null],
    ] as const) {
      await t.db
        .insertInto('data_requests')
        .values({
          talent_id: rinaTalentId,
          referral_id: referralId,
          kind,
          message: kind === 'CORRECTION' ? 'My phone is new.' : null,
          status: 'OPEN',
          due_at: new Date(at + (kind === 'WITHDRAWAL' ? 1 : 2) * DAY).toISOString(),
          created_at: new Date(at).toISOString(),
        })
        .execute();
    }
    const open = await ok<ListPage<DataRequestRow>>(call(t, admin, 'GET', `${BASE}/requests?status=OPEN`));
    expect(open.items.map((r) => [r.kind, r.task])).toEqual([
      ['WITHDRAWAL', { id: task.id, code: task.code, title: task.title, company: task.company }],
      ['CORRECTION', null],
    ]);
  });
});

describe('an e-mail about an anonymised talent', () => {
  it('names them "Erased candidate" in the reader\'s language instead of failing on the empty name', () => {
    const payload = { name: 'Rina', talentName: '', taskTitle: 'Backend Engineer', status: 'APPROVED' };
    expect(renderEmail('reward_decided', 'en', payload).subject).toContain('Erased candidate');
    expect(renderEmail('reward_decided', 'ms', payload).text).toContain('Calon dipadam');
    expect(renderEmail('reward_decided', 'zh', payload).text).toContain('已删除的人才');
    expect(renderEmail('reward_decided', 'en', { ...payload, talentName: 'Nur Aina' }).subject).toContain('Nur Aina');
  });
});
