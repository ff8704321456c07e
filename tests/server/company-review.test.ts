import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as companiesMigration from '#src/server/db/migrations/2026-12-05-019-companies.ts';
import { renderEmail } from '#src/server/mail/templates.ts';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import type { ReviewCandidate, ReviewView, ShareSummary, TaskShares } from '#src/shared/company-types.ts';
import { createReferral, lastEmail, refreshLogin, signIn } from './helpers/referral-fixtures';
import { insertReferral, insertTalent, insertTask } from './helpers/rows';
import { samplePdf } from './helpers/sample-files';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 45: the hiring company reviews shared candidates on a link and answers in place.

type User = Awaited<ReturnType<typeof signIn>>;
const DAY = 86_400_000;

describe.each(DIALECTS)('company review links on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let recruiter: User;
  const ip = { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'ReviewPhone/1.0' };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    recruiter = await signIn(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const adminCall = (path: string, init: { method?: string; json?: unknown } = {}) =>
    t.request(`/api/admin/companies${path}`, { ...init, headers: admin.headers });
  const body = async <T>(res: Response, status: number): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (JSON.parse(text) as { data: T }).data;
  };

  /** A company with a contact (whose e-mail reads in `locale`). */
  async function company(name: string, contact = { name: 'Tan Mei Ling', email: 'mei@kopi.example', locale: 'ms' }) {
    const created = await body<{ id: number }>(await adminCall('', { method: 'POST', json: { name } }), 201);
    const person = await body<{ id: number }>(
      await adminCall(`/${created.id}/contacts`, { method: 'POST', json: contact }),
      201,
    );
    return { companyId: created.id, contactId: person.id };
  }

  /** A consented referral of a new talent with a PDF CV, to the task. */
  async function consented(taskId: number, values: Parameters<typeof insertTalent>[2] = {}) {
    const key = `resume/test-${Math.random().toString(36).slice(2)}.pdf`;
    const bytes = samplePdf();
    await t.deps.storage.put(key, bytes, 'application/pdf');
    const file = await t.db
      .insertInto('files')
      .values({
        owner_id: recruiter.id,
        purpose: 'RESUME',
        original_name: 'Aisyah_CV.pdf',
        mime_type: 'application/pdf',
        size: bytes.byteLength,
        sha256: 'x',
        storage_key: key,
        created_at: t.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const talent = await insertTalent(t, recruiter.id, {
      skills: '["Negotiation","CRM"]',
      expected_salary: 450_000,
      resume_file_id: file.id,
      ...values,
    });
    const id = await insertReferral(t, talent, taskId, {
      consent_status: 'CONFIRMED',
      recruiter_note: 'Beats her targets.',
      rating: 10,
    });
    return { id, talentId: talent.id, email: talent.email, fileId: file.id };
  }

  const share = (taskId: number, json: Record<string, unknown>) =>
    adminCall(`/tasks/${taskId}/shares`, { method: 'POST', json });

  /** The token of the newest review e-mail. */
  async function reviewToken() {
    const mail = await lastEmail(t, 'company_review');
    return new URL(mail.payload.link as string).searchParams.get('token') as string;
  }

  const view = (token: string) => t.request(`/api/public/review?token=${token}`, { headers: ip });
  const answer = (token: string, json: Record<string, unknown>) =>
    t.request('/api/public/review/answer', { method: 'POST', json: { token, ...json }, headers: ip });

  it('shares only referrals of the task whose talent confirmed consent, naming each refusal', async () => {
    const taskId = await insertTask(t, { company: 'Kopi Digital Sdn Bhd' });
    const otherTask = await insertTask(t, { company: 'Kopi Digital Sdn Bhd' });
    const { contactId } = await company('Kopi Digital Sdn Bhd');
    const ok = await consented(taskId);
    const pending = await insertReferral(t, await insertTalent(t, recruiter.id), taskId);
    const elsewhere = await consented(otherTask);
    const rejected = await insertReferral(t, await insertTalent(t, recruiter.id), taskId, {
      consent_status: 'CONFIRMED',
      hiring_status: 'REJECTED',
    });

    const refused = await share(taskId, {
      referralIds: [ok.id, pending, elsewhere.id, rejected],
      contactIds: [contactId],
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      [`referrals.${pending}`]: 'consent_not_confirmed',
      [`referrals.${elsewhere.id}`]: 'referral_not_in_task',
      [`referrals.${rejected}`]: 'referral_closed',
    });
    // Nothing was stored, nothing e-mailed.
    expect(await t.db.selectFrom('company_shares').select('id').execute()).toEqual([]);
    expect(
      await t.db.selectFrom('email_outbox').select('id').where('template', '=', 'company_review').execute(),
    ).toEqual([]);

    const created = await body<{ shares: ShareSummary[] }>(
      await share(taskId, { referralIds: [ok.id], contactIds: [contactId] }),
      201,
    );
    expect(created.shares).toHaveLength(1);
    const [made] = created.shares;
    expect(made).toMatchObject({ state: 'OPEN', reveal: [], firstOpenedAt: null, contact: { id: contactId } });
    expect(made?.referrals.map((r) => r.referralId)).toEqual([ok.id]);
    // 14 days by default; the token is stored only as its hash, and sent in the contact's language.
    expect(Date.parse(made?.expiresAt ?? '') - t.clock.now().getTime()).toBe(14 * DAY);
    const mail = await lastEmail(t, 'company_review');
    expect(mail).toMatchObject({ to_address: 'mei@kopi.example', locale: 'ms', talent_id: null });
    expect(mail.payload.link).toMatch(/^https:\/\/recruiter\.example\/ms\/review\?token=/);
    const token = await reviewToken();
    const row = await t.db.selectFrom('company_shares').select('token_hash').executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(token);
    // In the contact's language, with the link, and naming no candidate.
    const rendered = renderEmail('company_review', mail.locale, mail.payload, { appUrl: t.env.APP_URL });
    expect(rendered.subject).toBe(`Calon untuk disemak bagi jawatan Task 1`);
    expect(rendered.text).toContain('Kopi Digital Sdn Bhd');
    expect(rendered.text).toContain(mail.payload.link);
    expect(rendered.text).not.toContain('Talent');
  });

  it('shows the task and candidates without contact details, and records every look', async () => {
    const taskId = await insertTask(t, { company: 'Kopi Digital Sdn Bhd', title: 'Sales Lead' });
    const { contactId } = await company('kopi digital  SDN BHD '.trim());
    const a = await consented(taskId);
    const b = await consented(taskId);
    await body(await share(taskId, { referralIds: [a.id, b.id], contactIds: [contactId] }), 201);
    const token = await reviewToken();

    const page = await body<ReviewView>(await view(token), 200);
    expect(page.task.title).toBe('Sales Lead');
    expect(page.company.name).toBe('kopi digital SDN BHD');
    expect(page.candidates).toHaveLength(2);
    const first = page.candidates[0] as ReviewCandidate;
    expect(first).toMatchObject({
      referralId: a.id,
      available: true,
      skills: ['Negotiation', 'CRM'],
      recruiterNote: 'Beats her targets.',
      rating: 10,
      expectedSalary: { amount: 450_000, currency: 'MYR' },
      cv: { name: 'Aisyah_CV.pdf', mimeType: 'application/pdf' },
    });
    // Never the talent's e-mail or phone, the recruiter or the reward unless the admin reveals them.
    const text = JSON.stringify(page);
    expect(text).not.toContain(a.email);
    expect(text).not.toContain('+6012');
    expect(first.contact).toBeUndefined();
    expect(first.recruiter).toBeUndefined();
    expect(text).not.toContain('Test User');

    const profile = await body<ReviewCandidate>(
      await t.request(`/api/public/review/candidate?token=${token}&referralId=${b.id}`, { headers: ip }),
      200,
    );
    expect(profile.referralId).toBe(b.id);
    const cv = await t.request(first.cv?.url as string, { headers: ip });
    expect(cv.status).toBe(200);
    expect(cv.headers.get('content-type')).toBe('application/pdf');
    expect(cv.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(
      Buffer.from(await cv.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    const lines = await t.db
      .selectFrom('access_log')
      .select(['actor_kind', 'actor_id', 'action', 'talent_id', 'ip', 'detail'])
      .orderBy('id')
      .execute();
    expect(lines.map((l) => [l.actor_kind, l.actor_id, l.action, l.talent_id, l.ip])).toEqual([
      ['COMPANY_CONTACT', contactId, 'PERSON_VIEW', a.talentId, '203.0.113.7'],
      ['COMPANY_CONTACT', contactId, 'PERSON_VIEW', b.talentId, '203.0.113.7'],
      ['COMPANY_CONTACT', contactId, 'PERSON_VIEW', b.talentId, '203.0.113.7'],
      ['COMPANY_CONTACT', contactId, 'FILE_VIEW', a.talentId, '203.0.113.7'],
    ]);
    expect(JSON.parse(lines[2]?.detail ?? '{}')).toMatchObject({ view: 'REVIEW_PROFILE' });
    // The admins' access record names the contact and their company.
    const record = await body<{ items: { actor: Record<string, unknown>; action: string }[] }>(
      await t.request(`/api/admin/access-log?talentId=${a.talentId}`, { headers: admin.headers }),
      200,
    );
    expect(record.items.map((item) => [item.action, item.actor])).toEqual([
      [
        'FILE_VIEW',
        {
          kind: 'COMPANY_CONTACT',
          id: contactId,
          name: 'Tan Mei Ling',
          email: 'mei@kopi.example',
          company: 'kopi digital SDN BHD',
        },
      ],
      [
        'PERSON_VIEW',
        {
          kind: 'COMPANY_CONTACT',
          id: contactId,
          name: 'Tan Mei Ling',
          email: 'mei@kopi.example',
          company: 'kopi digital SDN BHD',
        },
      ],
    ]);
    // So does the person's page in Data protection.
    const person = await body<{ access: { actorKind: string; actorName: string | null }[] }>(
      await t.request(`/api/admin/data-protection/people/${a.talentId}`, { headers: admin.headers }),
      200,
    );
    expect(person.access.filter((line) => line.actorKind === 'COMPANY_CONTACT').map((line) => line.actorName)).toEqual([
      'Tan Mei Ling, kopi digital SDN BHD',
      'Tan Mei Ling, kopi digital SDN BHD',
    ]);
    // A user's lines are a user's: a contact whose id is a user's id is not among them.
    const userLines = await body<{ items: { actor: { kind: string } }[] }>(
      await t.request(`/api/admin/access-log?actorId=${contactId}`, { headers: admin.headers }),
      200,
    );
    expect(userLines.items.filter((item) => item.actor.kind === 'COMPANY_CONTACT')).toEqual([]);

    // The talent's data page (and its export) lists the sharing and the company's looks.
    const dataToken = await issueOneTimeToken(t.db, {
      kind: 'DATA',
      talentId: a.talentId,
      ttlSeconds: 3600,
      now: t.clock.now(),
    });
    const data = await body<{ companyShares: unknown[] }>(await t.request(`/api/public/data?token=${dataToken}`), 200);
    expect(data.companyShares).toEqual([
      {
        referralId: a.id,
        company: 'kopi digital SDN BHD',
        taskTitle: 'Sales Lead',
        sharedAt: t.clock.now().toISOString(),
        removedAt: null,
        expiresAt: new Date(t.clock.now().getTime() + 14 * DAY).toISOString(),
        firstViewedAt: t.clock.now().toISOString(),
        lastViewedAt: t.clock.now().toISOString(),
        views: 2,
      },
    ]);
    const exported = await t.request(`/api/public/data/export?token=${dataToken}&format=json`);
    expect(JSON.parse(await exported.text()).companyShares).toHaveLength(1);

    // The admin sees that it was opened.
    const listed = await body<TaskShares>(await adminCall(`/tasks/${taskId}/shares`), 200);
    expect(listed.shares[0]?.firstOpenedAt).toBe(t.clock.now().toISOString());
    expect(listed.company.name).toBe('kopi digital SDN BHD');
  });

  it('lets a contact go through a long list from one address, and stops a flood', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const a = await consented(taskId);
    await body(await share(taskId, { referralIds: [a.id], contactIds: [contactId] }), 201);
    const token = await reviewToken();
    // More calls than a talent's link allows (60 in 15 minutes): a list, profiles, CVs and answers.
    for (let i = 0; i < 80; i += 1) expect((await view(token)).status).toBe(200);
    await t.db.updateTable('rate_limits').set({ count: 400 }).where('key', 'like', 'company-review-ip%').execute();
    expect((await view(token)).status).toBe(429);
  });

  it('reveals contact details, the recruiter and the reward only when the admin sets them, with a reason', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const a = await consented(taskId);
    const noReason = await share(taskId, { referralIds: [a.id], contactIds: [contactId], reveal: ['CONTACT'] });
    expect(noReason.status).toBe(400);
    await body(
      await share(taskId, {
        referralIds: [a.id],
        contactIds: [contactId],
        reveal: ['CONTACT', 'RECRUITER'],
        revealReason: 'The client calls candidates directly.',
      }),
      201,
    );
    const page = await body<ReviewView>(await view(await reviewToken()), 200);
    expect(page.candidates[0]).toMatchObject({ contact: { email: a.email }, recruiter: { name: 'Test User 2' } });
  });

  it('shows nothing on a revoked or expired link, and nothing of a removed candidate', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const a = await consented(taskId);
    const b = await consented(taskId);
    const made = await body<{ shares: ShareSummary[] }>(
      await share(taskId, { referralIds: [a.id, b.id], contactIds: [contactId], expiresInDays: 2 }),
      201,
    );
    const shareId = made.shares[0]?.id as number;
    const token = await reviewToken();

    const removed = await body<ShareSummary>(
      await adminCall(`/shares/${shareId}/referrals/${b.id}`, { method: 'DELETE' }),
      200,
    );
    expect(removed.referrals.map((r) => r.referralId)).toEqual([a.id]);
    const page = await body<ReviewView>(await view(token), 200);
    expect(page.candidates.map((c) => c.referralId)).toEqual([a.id]);
    expect((await t.request(`/api/public/review/cv?token=${token}&referralId=${b.id}`, { headers: ip })).status).toBe(
      404,
    );

    // Added back, then the link expires: 410 with nothing in it, and nothing more can be added to it.
    await body(await adminCall(`/shares/${shareId}/referrals`, { method: 'POST', json: { referralIds: [b.id] } }), 200);
    t.clock.advance(2 * DAY + 1);
    await refreshLogin(t, admin);
    const closed = await adminCall(`/shares/${shareId}/referrals`, { method: 'POST', json: { referralIds: [a.id] } });
    expect(closed.status).toBe(409);
    const expired = await view(token);
    expect(expired.status).toBe(410);
    const text = await expired.text();
    expect(text).not.toContain('Talent');
    expect(text).not.toContain('Task');
    expect((await answer(token, { referralId: a.id, answer: 'SHORTLIST' })).status).toBe(410);

    // A new link, revoked: 410 too; an unknown token 404.
    await refreshLogin(t, admin);
    await body(await share(taskId, { referralIds: [a.id], contactIds: [contactId] }), 201);
    const second = await reviewToken();
    const listed = await body<TaskShares>(await adminCall(`/tasks/${taskId}/shares`), 200);
    expect(listed.shares.map((s) => s.state)).toEqual(['OPEN', 'EXPIRED']);
    await body(await adminCall(`/shares/${listed.shares[0]?.id}/revoke`, { method: 'POST' }), 200);
    expect((await view(second)).status).toBe(410);
    expect((await t.request(`/api/public/review/cv?token=${second}&referralId=${a.id}`, { headers: ip })).status).toBe(
      410,
    );
    expect((await view('x'.repeat(43))).status).toBe(404);
    // No look was recorded on a closed link.
    expect(await t.db.selectFrom('access_log').select('id').where('talent_id', '=', b.talentId).execute()).toEqual([]);
  });

  it('replaces a withdrawn or erased talent with "no longer available" on an open link', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const keep = await consented(taskId);
    const erased = await consented(taskId);
    const anonymised = await consented(taskId);
    // One who confirms on their consent link, then withdraws there.
    const withdrawing = await createReferral(t, recruiter.id, { taskId });
    const confirm = await t.request('/api/public/consent', {
      method: 'POST',
      json: { token: withdrawing.consentToken, decision: 'CONFIRMED' },
      headers: ip,
    });
    expect(confirm.status).toBe(200);
    await body(
      await share(taskId, {
        referralIds: [keep.id, erased.id, anonymised.id, withdrawing.id],
        contactIds: [contactId],
      }),
      201,
    );
    const token = await reviewToken();
    expect((await body<ReviewView>(await view(token), 200)).candidates.every((c) => c.available)).toBe(true);

    await body(await answer(token, { referralId: anonymised.id, answer: 'SHORTLIST', comment: 'Strong CV.' }), 200);
    const withdraw = await t.request('/api/public/consent/withdraw', {
      method: 'POST',
      json: { token: withdrawing.consentToken },
      headers: ip,
    });
    expect(withdraw.status).toBe(200);
    const audit = { actorId: admin.id, actorKind: 'ADMIN' as const, action: 'PERSON_ERASE' as const };
    expect((await eraseTalent(t.deps, erased.talentId, 'ERASE', audit)).outcome).toBe('DELETED');
    expect((await eraseTalent(t.deps, anonymised.talentId, 'ANONYMISE', audit)).outcome).toBe('ANONYMISED');

    // What the company wrote of the anonymised talent goes; its answer stays, as the hiring status does.
    expect(
      await t.db
        .selectFrom('company_answers')
        .select(['answer', 'comment'])
        .where('referral_id', '=', anonymised.id)
        .execute(),
    ).toEqual([{ answer: 'SHORTLIST', comment: null }]);
    const res = await view(token);
    const page = (await res.clone().json()) as { data: ReviewView };
    expect(page.data.candidates).toEqual([
      expect.objectContaining({ referralId: keep.id, available: true }),
      { referralId: erased.id, available: false },
      { referralId: anonymised.id, available: false },
      { referralId: withdrawing.id, available: false },
    ]);
    const text = await res.text();
    expect(text).not.toContain(withdrawing.talentEmail);
    for (const referralId of [erased.id, anonymised.id, withdrawing.id]) {
      expect(
        (await t.request(`/api/public/review/candidate?token=${token}&referralId=${referralId}`, { headers: ip }))
          .status,
      ).toBe(404);
      expect((await answer(token, { referralId, answer: 'SHORTLIST' })).status).toBe(404);
    }
  });

  it("never shows another task's or another company's candidates", async () => {
    const kopiTask = await insertTask(t, { company: 'Kopi' });
    const tehTask = await insertTask(t, { company: 'Teh Tarik Bhd' });
    const kopi = await company('Kopi');
    const teh = await company('Teh Tarik Bhd', { name: 'Ali', email: 'ali@teh.example', locale: 'en' });
    const kopiCandidate = await consented(kopiTask);
    const tehCandidate = await consented(tehTask);

    // A contact of another company gets no link to this task.
    const stranger = await share(kopiTask, { referralIds: [kopiCandidate.id], contactIds: [teh.contactId] });
    expect(stranger.status).toBe(409);
    expect(((await stranger.json()) as { error: { fields: object } }).error.fields).toEqual({
      [`contacts.${teh.contactId}`]: 'contact_not_of_company',
    });

    await body(await share(kopiTask, { referralIds: [kopiCandidate.id], contactIds: [kopi.contactId] }), 201);
    const kopiToken = await reviewToken();
    await body(await share(tehTask, { referralIds: [tehCandidate.id], contactIds: [teh.contactId] }), 201);
    const tehToken = await reviewToken();

    const kopiPage = await body<ReviewView>(await view(kopiToken), 200);
    expect(kopiPage.candidates.map((c) => c.referralId)).toEqual([kopiCandidate.id]);
    // Another link's candidate, named on this link: unknown here.
    for (const path of ['candidate', 'cv']) {
      const res = await t.request(`/api/public/review/${path}?token=${kopiToken}&referralId=${tehCandidate.id}`, {
        headers: ip,
      });
      expect(res.status).toBe(404);
    }
    expect((await answer(kopiToken, { referralId: tehCandidate.id, answer: 'NOT_A_FIT', reason: 'No' })).status).toBe(
      404,
    );
    const tehPage = await body<ReviewView>(await view(tehToken), 200);
    expect(tehPage.candidates.map((c) => c.referralId)).toEqual([tehCandidate.id]);
    const hiring = await t.db
      .selectFrom('referrals')
      .select('hiring_status')
      .where('id', '=', tehCandidate.id)
      .executeTakeFirstOrThrow();
    expect(hiring.hiring_status).toBe('SUBMITTED');
  });

  it('moves the hiring status by the answer, with the contact in the history, and tells the recruiter and admins', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const a = await consented(taskId);
    const b = await consented(taskId);
    await body(await share(taskId, { referralIds: [a.id, b.id], contactIds: [contactId] }), 201);
    const token = await reviewToken();

    const noReason = await answer(token, { referralId: b.id, answer: 'NOT_A_FIT' });
    expect(noReason.status).toBe(400);

    const interview = await body<{ hiringStatus: string; moved: boolean }>(
      await answer(token, { referralId: a.id, answer: 'INTERVIEW', comment: 'Tuesday works.' }),
      200,
    );
    expect(interview).toMatchObject({ hiringStatus: 'INTERVIEW', moved: true });
    const rejected = await body<{ hiringStatus: string }>(
      await answer(token, { referralId: b.id, answer: 'NOT_A_FIT', reason: 'Needs more SQL.' }),
      200,
    );
    expect(rejected.hiringStatus).toBe('REJECTED');
    expect((await answer(token, { referralId: a.id, answer: 'SHORTLIST' })).status).toBe(409);

    const history = await t.db
      .selectFrom('referral_history')
      .select(['referral_id', 'from_value', 'to_value', 'actor_id', 'company_contact_id', 'note'])
      .where('action', '=', 'HIRING_CHANGED')
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      {
        referral_id: a.id,
        from_value: 'SUBMITTED',
        to_value: 'SCREENING',
        actor_id: null,
        company_contact_id: contactId,
        note: null,
      },
      {
        referral_id: a.id,
        from_value: 'SCREENING',
        to_value: 'INTERVIEW',
        actor_id: null,
        company_contact_id: contactId,
        note: null,
      },
      {
        referral_id: b.id,
        from_value: 'SUBMITTED',
        to_value: 'REJECTED',
        actor_id: null,
        company_contact_id: contactId,
        note: 'Needs more SQL.',
      },
    ]);
    // The referral's history names the company's contact as the one who acted.
    const detail = await body<{ history: { action: string; actorKind: string; actorName: string | null }[] }>(
      await t.request(`/api/admin/referrals/${a.id}`, { headers: admin.headers }),
      200,
    );
    expect(detail.history.filter((h) => h.action === 'HIRING_CHANGED').map((h) => [h.actorKind, h.actorName])).toEqual([
      ['COMPANY', 'Tan Mei Ling, Kopi'],
      ['COMPANY', 'Tan Mei Ling, Kopi'],
    ]);
    const referralB = await t.db
      .selectFrom('referrals')
      .select(['hiring_reason', 'interview_at'])
      .where('id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(referralB.hiring_reason).toBe('Needs more SQL.');
    const recruiterItems = await t.db
      .selectFrom('notifications')
      .select(['kind', 'payload'])
      .where('user_id', '=', recruiter.id)
      .orderBy('id')
      .execute();
    expect(recruiterItems.map((n) => [n.kind, JSON.parse(n.payload).status])).toEqual([
      ['HIRING_CHANGED', 'INTERVIEW'],
      ['HIRING_CHANGED', 'REJECTED'],
    ]);
    const events = await t.db.selectFrom('notification_events').select(['kind', 'audience', 'payload']).execute();
    expect(events.map((e) => [e.kind, e.audience, JSON.parse(e.payload).answer])).toEqual([
      ['ADMIN_COMPANY_ANSWER', 'ADMINS', 'INTERVIEW'],
      ['ADMIN_COMPANY_ANSWER', 'ADMINS', 'NOT_A_FIT'],
    ]);
    // The admin's list shows each answer and the move it made.
    const listed = await body<TaskShares>(await adminCall(`/tasks/${taskId}/shares`), 200);
    const answers = listed.shares[0]?.referrals.map((r) => r.answer) ?? [];
    expect(answers.map((a) => [a?.answer, a?.moved])).toEqual([
      ['INTERVIEW', { from: 'SUBMITTED', to: 'INTERVIEW' }],
      ['NOT_A_FIT', { from: 'SUBMITTED', to: 'REJECTED' }],
    ]);

    // An admin reverses the rejection with a reason: back to Submitted, once, and the recruiter is told.
    const reverse = (answerId: number, json: unknown) =>
      adminCall(`/answers/${answerId}/reverse`, { method: 'POST', json });
    expect((await reverse(answers[1]?.id as number, {})).status).toBe(400);
    expect(
      await body(await reverse(answers[1]?.id as number, { reason: 'The client mixed up two candidates.' }), 200),
    ).toEqual({ referralId: b.id, hiringStatus: 'SUBMITTED' });
    expect((await reverse(answers[1]?.id as number, { reason: 'Again.' })).status).toBe(409);
    const back = await t.db
      .selectFrom('referral_history')
      .select(['from_value', 'to_value', 'actor_id', 'note'])
      .where('referral_id', '=', b.id)
      .where('action', '=', 'HIRING_CHANGED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(back).toEqual({
      from_value: 'REJECTED',
      to_value: 'SUBMITTED',
      actor_id: admin.id,
      note: 'The client mixed up two candidates.',
    });
    const told = await t.db
      .selectFrom('notifications')
      .select('payload')
      .where('user_id', '=', recruiter.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(told.payload)).toMatchObject({ status: 'SUBMITTED' });
  });

  it('moves the status once when two contacts answer at the same moment', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { companyId, contactId } = await company('Kopi');
    const second = await body<{ id: number }>(
      await adminCall(`/${companyId}/contacts`, {
        method: 'POST',
        json: { name: 'Lim Wei', email: 'lim@kopi.example', locale: 'zh' },
      }),
      201,
    );
    const a = await consented(taskId);
    await body(await share(taskId, { referralIds: [a.id], contactIds: [contactId, second.id] }), 201);
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'locale', 'payload'])
      .where('template', '=', 'company_review')
      .orderBy('id')
      .execute();
    expect(mails.map((m) => [m.to_address, m.locale])).toEqual([
      ['mei@kopi.example', 'ms'],
      ['lim@kopi.example', 'zh'],
    ]);
    const tokens = mails.map((m) => new URL(JSON.parse(m.payload).link).searchParams.get('token') as string);

    const answers = await Promise.all(tokens.map((token) => answer(token, { referralId: a.id, answer: 'INTERVIEW' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const moved = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { data: { moved: boolean } }).data.moved),
    );
    expect(moved.sort()).toEqual([false, true]);

    const history = await t.db
      .selectFrom('referral_history')
      .select(['from_value', 'to_value'])
      .where('action', '=', 'HIRING_CHANGED')
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { from_value: 'SUBMITTED', to_value: 'SCREENING' },
      { from_value: 'SCREENING', to_value: 'INTERVIEW' },
    ]);
    const told = await t.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', recruiter.id)
      .where('kind', '=', 'HIRING_CHANGED')
      .execute();
    expect(told).toHaveLength(1);
    expect(await t.db.selectFrom('company_answers').select('id').execute()).toHaveLength(2);
    const referral = await t.db
      .selectFrom('referrals')
      .select('hiring_status')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(referral.hiring_status).toBe('INTERVIEW');
  });

  it("counts referrals shared with each company and the median hours to the company's first answer", async () => {
    const kopiTask = await insertTask(t, { company: 'Kopi', code: 'K-1', title: 'Barista' });
    const tehTask = await insertTask(t, { company: 'Teh', code: 'T-9', title: 'Cashier' });
    const kopi = await company('Kopi');
    const teh = await company('Teh', { name: 'Ali', email: 'ali@teh.example', locale: 'en' });
    const [a, b, c] = [await consented(kopiTask), await consented(kopiTask), await consented(kopiTask)];
    const d = await consented(tehTask);
    await body(await share(kopiTask, { referralIds: [a.id, b.id, c.id], contactIds: [kopi.contactId] }), 201);
    const kopiToken = await reviewToken();
    await body(await share(tehTask, { referralIds: [d.id], contactIds: [teh.contactId] }), 201);
    const start = t.clock.now().toISOString();
    t.clock.advance(2 * 3_600_000);
    await body(await answer(kopiToken, { referralId: a.id, answer: 'INTERVIEW' }), 200);
    t.clock.advance(3 * 3_600_000);
    await body(await answer(kopiToken, { referralId: b.id, answer: 'NOT_A_FIT', reason: 'Too junior.' }), 200);
    await refreshLogin(t, admin);

    const byCompany = await body<{ items: unknown[] }>(await adminCall(`/insight?from=${start}`), 200);
    expect(byCompany.items).toEqual([
      {
        id: kopi.companyId,
        name: 'Kopi',
        shared: 3,
        answered: 2,
        medianAnswerHours: 3.5,
        answers: { SHORTLIST: 0, INTERVIEW: 1, NOT_A_FIT: 1 },
      },
      {
        id: teh.companyId,
        name: 'Teh',
        shared: 1,
        answered: 0,
        medianAnswerHours: null,
        answers: { SHORTLIST: 0, INTERVIEW: 0, NOT_A_FIT: 0 },
      },
    ]);
    const byTask = await body<{ items: { name: string }[] }>(await adminCall('/insight?groupBy=task'), 200);
    expect(byTask.items.map((row) => row.name)).toEqual(['K-1 Barista', 'T-9 Cashier']);
    // A period that ends before the sharing holds nothing.
    expect((await body<{ items: unknown[] }>(await adminCall(`/insight?to=${start}`), 200)).items).toEqual([]);
  });

  it('leaves Offered and Hired to the admin: an answer then moves nothing', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const { contactId } = await company('Kopi');
    const a = await consented(taskId);
    await body(await share(taskId, { referralIds: [a.id], contactIds: [contactId] }), 201);
    await t.db.updateTable('referrals').set({ hiring_status: 'OFFERED' }).where('id', '=', a.id).execute();
    const res = await body<{ hiringStatus: string; moved: boolean }>(
      await answer(await reviewToken(), { referralId: a.id, answer: 'NOT_A_FIT', reason: 'Changed our mind.' }),
      200,
    );
    expect(res).toEqual(expect.objectContaining({ hiringStatus: 'OFFERED', moved: false }));
  });

  it("merges existing tasks' company text by name into one company each, and undoes it", async () => {
    await companiesMigration.down(t.db);
    for (const company of ['Acme Sdn Bhd', 'ACME  sdn bhd ', 'Beta Bhd', 'Acme Sdn Bhd'])
      await insertTask(t, { company });
    await companiesMigration.up(t.db);
    const companies = await t.db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
    expect(companies.map((c) => c.name)).toEqual(['Acme Sdn Bhd', 'Beta Bhd']);
    const tasks = await t.db.selectFrom('tasks').select('company_id').orderBy('id').execute();
    expect(tasks.map((task) => task.company_id)).toEqual([
      companies[0]?.id,
      companies[0]?.id,
      companies[1]?.id,
      companies[0]?.id,
    ]);
  });

  it('manages companies and contacts: names unique whatever their case, removed contacts lose their links', async () => {
    const legacy = await insertTask(t, { company: 'Nasi Lemak  Co' });
    const created = await body<{ id: number; name: string }>(
      await adminCall('', { method: 'POST', json: { name: ' nasi lemak co ' } }),
      201,
    );
    expect((await adminCall('', { method: 'POST', json: { name: 'NASI LEMAK CO' } })).status).toBe(409);
    const listed = await body<{ items: { id: number; tasks: number }[]; total: number }>(
      await adminCall('?search=LEMAK'),
      200,
    );
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({ id: created.id, tasks: 1 });

    const renamed = await body<{ name: string }>(
      await adminCall(`/${created.id}`, { method: 'PUT', json: { name: 'Nasi Lemak Sdn Bhd' } }),
      200,
    );
    expect(renamed.name).toBe('Nasi Lemak Sdn Bhd');
    const task = await t.db
      .selectFrom('tasks')
      .select(['company', 'company_id'])
      .where('id', '=', legacy)
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ company: 'Nasi Lemak Sdn Bhd', company_id: created.id });

    const contact = await body<{ id: number }>(
      await adminCall(`/${created.id}/contacts`, {
        method: 'POST',
        json: { name: 'Siti', email: 'Siti@Nasi.example', locale: 'zh' },
      }),
      201,
    );
    expect(
      (
        await adminCall(`/${created.id}/contacts`, {
          method: 'POST',
          json: { name: 'Siti 2', email: 'siti@nasi.example' },
        })
      ).status,
    ).toBe(409);
    const updated = await body<{ locale: string; email: string }>(
      await adminCall(`/${created.id}/contacts/${contact.id}`, {
        method: 'PUT',
        json: { name: 'Siti Aminah', email: 'siti@nasi.example', locale: 'ms' },
      }),
      200,
    );
    expect(updated).toMatchObject({ locale: 'ms', email: 'siti@nasi.example' });
    const a = await consented(legacy);
    await body(await share(legacy, { referralIds: [a.id], contactIds: [contact.id] }), 201);
    const token = await reviewToken();
    expect((await view(token)).status).toBe(200);
    const removed = await body<{ revokedShares: number }>(
      await adminCall(`/${created.id}/contacts/${contact.id}`, { method: 'DELETE' }),
      200,
    );
    expect(removed.revokedShares).toBe(1);
    expect((await view(token)).status).toBe(410);
    expect((await body<{ contacts: unknown[] }>(await adminCall(`/${created.id}`), 200)).contacts).toEqual([]);
  });

  it("links an admin's new or edited task to the company it names, made when there is none", async () => {
    const existing = await company('Kopi Sdn Bhd');
    const task = {
      title: 'Barista',
      company: 'KOPI sdn bhd',
      description: 'Make coffee.',
      jobType: 'pt',
      isCritical: false,
      location: 'Petaling Jaya',
      country: 'Malaysia',
      salaryMin: 250_000,
      salaryMax: 320_000,
      salaryCurrency: 'MYR',
      rewardAmount: 15_000,
      rewardCurrency: 'MYR',
      quota: 3,
      expiresAt: null,
      requiredSkills: [],
      requiredLanguages: ['ms'],
    };
    const created = await body<{ id: number }>(
      await t.request('/api/admin/tasks', { method: 'POST', json: task, headers: admin.headers }),
      201,
    );
    const linked = () =>
      t.db.selectFrom('tasks').select('company_id').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect((await linked()).company_id).toBe(existing.companyId);
    await body(
      await t.request(`/api/admin/tasks/${created.id}`, {
        method: 'PUT',
        json: { ...task, company: 'Teh Tarik Bhd' },
        headers: admin.headers,
      }),
      200,
    );
    const teh = await t.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Teh Tarik Bhd')
      .executeTakeFirstOrThrow();
    expect((await linked()).company_id).toBe(teh.id);
    const shares = await body<TaskShares>(await adminCall(`/tasks/${created.id}/shares`), 200);
    expect(shares).toMatchObject({ company: { id: teh.id, name: 'Teh Tarik Bhd' }, contacts: [], shares: [] });
  });

  it('answers a recruiter 403 and a visitor 401 on every admin route', async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/1'],
      ['PUT', '/1'],
      ['POST', '/1/contacts'],
      ['PUT', '/1/contacts/1'],
      ['DELETE', '/1/contacts/1'],
      ['GET', `/tasks/${taskId}/shares`],
      ['POST', `/tasks/${taskId}/shares`],
      ['POST', '/shares/1/revoke'],
      ['POST', '/shares/1/referrals'],
      ['DELETE', '/shares/1/referrals/1'],
      ['POST', '/answers/1/reverse'],
    ] as const) {
      const asRecruiter = await t.request(`/api/admin/companies${path}`, {
        method,
        headers: recruiter.headers,
        ...(method === 'GET' || method === 'DELETE' ? {} : { json: {} }),
      });
      expect(asRecruiter.status, `${method} ${path}`).toBe(403);
      const anonymous = await t.request(`/api/admin/companies${path}`, { method });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
  });
});
