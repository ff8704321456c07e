import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '#src/server/mail/templates.ts';
import type { AdminReferralDetail, BulkApproveSummary } from '#src/shared/admin-referral-types.ts';
import type { ReferralDetail } from '#src/shared/recruiter-types.ts';
import {
  adminCaller,
  type Caller,
  call,
  caller,
  consentedReferral,
  emailsOf,
  historyOf,
  ok,
  referralRow,
} from './helpers/money-fixtures';
import { insertPromo, insertReferral, insertTalent, insertTask, referNewTalent } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 21: final hiring moves carry a reason the recruiter sees (screen and e-mail), every move e-mails
// the recruiter once, bulk approval is summed up before it is done, and the admin's referral detail
// carries the talent's facts and CV, whose every read is recorded.
const BASE = '/api/admin/referrals';

describe.each(DIALECTS)('hiring reasons and the admin’s evidence on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let recruiter: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    recruiter = await caller(t, { email: 'rina@example.com', locale: 'ms' });
  });
  afterEach(async () => {
    await t.close();
  });

  const moveHiring = (id: number, json: unknown, who: Caller = admin) =>
    call(t, who, 'POST', `${BASE}/${id}/hiring-status`, json);
  const recruiterView = (id: number, who: Caller = recruiter) =>
    call(t, who, 'GET', `/api/recruiter/talent-task/${id}`);

  it('refuses a final move without a reason (400 on the reason field) and changes nothing', async () => {
    const taskId = await insertTask(t);
    for (const to of ['HIRED', 'REJECTED', 'WITHDRAWN'] as const) {
      const id = await referNewTalent(t, recruiter.id, taskId, {
        hiring_status: 'OFFERED',
        consent_status: 'CONFIRMED',
      });
      for (const json of [{ to }, { to, reason: '   ' }]) {
        const res = await moveHiring(id, json);
        expect(res.status, to).toBe(400);
        expect(res.body.error.fields).toEqual({ reason: 'field_required' });
      }
      expect((await moveHiring(id, { to, reason: 'x'.repeat(501) })).body.error.fields).toEqual({
        reason: 'field_too_long',
      });
      expect((await referralRow(t, id)).hiring_status).toBe('OFFERED');
      expect(await historyOf(t, id)).toEqual([]);
    }
    expect(await emailsOf(t, 'hiring_changed')).toEqual([]);
  });

  it('stores a final move’s reason, writes it in the history, shows it to the recruiter and e-mails them once in their language', async () => {
    const taskId = await insertTask(t, { title: 'Barista' });
    const talent = await insertTalent(t, recruiter.id, { full_name: 'Siti Aminah' });

    const id = await insertReferral(t, talent, taskId, { hiring_status: 'INTERVIEW' });
    const reason = 'The client chose a candidate with latte art experience.';

    await ok(moveHiring(id, { to: 'REJECTED', reason: `  ${reason}  ` }));

    expect((await referralRow(t, id)).hiring_reason).toBe(reason);
    const [entry] = await historyOf(t, id);
    expect(entry).toMatchObject({
      action: 'HIRING_CHANGED',
      from_value: 'INTERVIEW',
      to_value: 'REJECTED',
      note: reason,
    });
    const seen = await ok<ReferralDetail>(recruiterView(id));
    expect(seen).toMatchObject({ hiringStatus: 'REJECTED', hiringReason: reason });
    expect(seen.history.at(-1)).toMatchObject({ action: 'HIRING_CHANGED', note: reason, actorKind: 'ADMIN' });
    expect((await ok<AdminReferralDetail>(call(t, admin, 'GET', `${BASE}/${id}`))).hiringReason).toBe(reason);

    const mails = await emailsOf(t, 'hiring_changed');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ to_address: 'rina@example.com', locale: 'ms', status: 'PENDING' });
    expect(mail?.payload).toMatchObject({
      talentName: 'Siti Aminah',
      taskTitle: 'Barista',
      status: 'REJECTED',
      reason,
    });
    expect(mail?.payload.link).toBe(`https://recruiter.example/ms/talents-folder/${talent.id}/hiring-status`);
    const written = renderEmail('hiring_changed', mail?.locale ?? '', mail?.payload as Record<string, string>);
    expect(written.subject).toBe('Kemas kini pengambilan bagi Siti Aminah: Ditolak');
    expect(written.text).toContain(`Sebab: ${reason}`);
    expect(written.text).toContain('Status pengambilan: Ditolak');
  });

  it('e-mails the recruiter once for a non-final move too, which needs no reason, and clears the old reason', async () => {
    const id = await referNewTalent(t, recruiter.id, await insertTask(t), { consent_status: 'CONFIRMED' });
    await ok(moveHiring(id, { to: 'SCREENING' }));
    const mails = await emailsOf(t, 'hiring_changed');
    expect(mails.map((mail) => [mail.to_address, mail.payload.status, mail.payload.reason])).toEqual([
      ['rina@example.com', 'SCREENING', null],
    ]);
    expect((await ok<ReferralDetail>(recruiterView(id))).hiringReason).toBeNull();
    expect(renderEmail('hiring_changed', 'en', mails[0]?.payload as Record<string, string>).text).not.toContain(
      'Reason:',
    );
  });

  it('lets only an admin move a referral, and only its own recruiter read the reason', async () => {
    const id = await referNewTalent(t, recruiter.id, await insertTask(t), {
      hiring_status: 'OFFERED',
      consent_status: 'CONFIRMED',
    });
    expect((await moveHiring(id, { to: 'HIRED', reason: 'Signed.' }, recruiter)).status).toBe(403);
    expect(
      (await call(t, null, 'POST', `${BASE}/${id}/hiring-status`, { to: 'HIRED', reason: 'Signed.' })).status,
    ).toBe(401);
    expect((await referralRow(t, id)).hiring_status).toBe('OFFERED');
    await ok(moveHiring(id, { to: 'HIRED', reason: 'Signed the offer.' }));
    const other = await caller(t, { email: 'omar@example.com' });
    expect((await recruiterView(id, other)).status).toBe(404);
    expect((await ok<ReferralDetail>(recruiterView(id))).hiringReason).toBe('Signed the offer.');
  });

  it('sums up a bulk approval first: count, rewards per currency, proofs pending, consent missing', async () => {
    const myr = await insertTask(t, { reward_amount: 15000, reward_currency: 'MYR' });
    const sgd = await insertTask(t, { reward_amount: 8000, reward_currency: 'SGD' });
    const promo = await insertPromo(t, [myr], { bonus_amount: 5000, bonus_currency: 'MYR' });
    const a = await consentedReferral(t, recruiter.id, myr, { promo_id: promo });
    const b = await consentedReferral(t, recruiter.id, myr, { proofs_to_review: 2 });
    const c = await consentedReferral(t, recruiter.id, sgd);
    const d = await referNewTalent(t, recruiter.id, sgd, { proofs_to_review: 1 });
    const summary = await ok<BulkApproveSummary>(
      call(t, admin, 'POST', `${BASE}/reward/bulk/summary`, { referralIds: [a, b, c, d, a] }),
    );
    expect(summary).toEqual({
      count: 4,
      totals: [
        { currency: 'MYR', amount: 15000 + 5000 + 15000 },
        { currency: 'SGD', amount: 8000 },
      ],
      proofsPending: 2,
      withoutConsent: 1,
    });
    expect((await call(t, recruiter, 'POST', `${BASE}/reward/bulk/summary`, { referralIds: [a] })).status).toBe(403);
    expect((await call(t, admin, 'POST', `${BASE}/reward/bulk/summary`, { referralIds: [] })).status).toBe(400);
  });

  it('shows the admin the talent’s facts and CV, and records every read of the CV', async () => {
    const at = t.clock.now().toISOString();
    const bytes = new TextEncoder().encode('%PDF-1.4 resume');
    await t.deps.storage.put('resume/test-cv.pdf', bytes, 'application/pdf');
    const file = await t.db
      .insertInto('files')
      .values({
        owner_id: recruiter.id,
        purpose: 'RESUME',
        original_name: 'Siti CV.pdf',
        mime_type: 'application/pdf',
        size: bytes.byteLength,
        sha256: 'x',
        storage_key: 'resume/test-cv.pdf',
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const talent = await insertTalent(t, recruiter.id, {
      resume_file_id: file.id,
      skills: '["Latte art","Cash handling"]',
      education_level: 'Diploma',
      years_of_experience: 3,
      current_position: 'Barista',
    });

    const id = await insertReferral(t, talent, await insertTask(t), {
      recruiter_note: 'Calm under pressure.',
      rating: 10,
    });

    const detail = await ok<AdminReferralDetail>(call(t, admin, 'GET', `${BASE}/${id}`));
    expect(detail.talent).toEqual({
      educationLevel: 'Diploma',
      yearsOfExperience: 3,
      currentPosition: 'Barista',
      skills: ['Latte art', 'Cash handling'],
      languages: ['en'],
      resume: { id: file.id, name: 'Siti CV.pdf', mimeType: 'application/pdf', size: bytes.byteLength },
    });
    expect(detail).toMatchObject({ recruiterNote: 'Calm under pressure.', rating: 10 });

    const view = await call(t, admin, 'GET', `/api/files/${file.id}?disposition=inline`);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^inline/);
    expect((await call(t, admin, 'GET', `/api/files/${file.id}`)).status).toBe(200);
    const other = await caller(t, { email: 'omar@example.com' });
    expect((await call(t, other, 'GET', `/api/files/${file.id}`)).status).toBe(404);
    const reads = await t.db
      .selectFrom('file_reads')
      .select(['file_id', 'user_id', 'disposition'])
      .orderBy('id')
      .execute();
    expect(reads).toEqual([
      { file_id: file.id, user_id: admin.id, disposition: 'inline' },
      { file_id: file.id, user_id: admin.id, disposition: 'attachment' },
    ]);
  });
});
