import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationText } from '#src/lib/notification-text.ts';
import { sendAdminDigests } from '#src/server/notifications/admin-digest.ts';
import type { CompanySummary, ReferralShare } from '#src/shared/company-types.ts';
import type { FunnelAnswer } from '#src/shared/insight.ts';
import type { NotificationPayload } from '#src/shared/notifications.ts';
import { lastEmail, refreshLogin, signIn } from './helpers/referral-fixtures';
import { insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 45, the admin's side: the company list's counts, a referral's review links, the funnel's "shared
// with the company" step and the companies' answer time (per task, promo, recruiter and company, and in
// the CSV), and the daily digest's count of company answers.

type User = Awaited<ReturnType<typeof signIn>>;
const HOUR = 3_600_000;

describe.each(DIALECTS)("the admin's hiring companies on %s", (dialect) => {
  let t: TestApp;
  let admin: User;
  let recruiter: User;
  const ip = { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'ReviewDesk/1.0' };

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
    recruiter = await signIn(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const adminCall = (path: string, init: { method?: string; json?: unknown } = {}) =>
    t.request(path, { ...init, headers: admin.headers });
  const body = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return (JSON.parse(text) as { data: T }).data;
  };

  /** A company of the tasks that name it (created after them, so they become its own), with contacts. */
  async function company(name: string, contacts: { name: string; email: string; locale?: string }[]) {
    const created = await body<{ id: number }>(
      await adminCall('/api/admin/companies', { method: 'POST', json: { name } }),
      201,
    );
    const ids: number[] = [];
    for (const contact of contacts)
      ids.push(
        (
          await body<{ id: number }>(
            await adminCall(`/api/admin/companies/${created.id}/contacts`, { method: 'POST', json: contact }),
            201,
          )
        ).id,
      );
    return { id: created.id, contacts: ids };
  }

  /** Shares referrals of a task with contacts; answers each contact's link token, in contact order. */
  async function share(taskId: number, referralIds: number[], contactIds: number[]) {
    const made = await body<{ shares: { id: number }[] }>(
      await adminCall(`/api/admin/companies/tasks/${taskId}/shares`, {
        method: 'POST',
        json: { referralIds, contactIds },
      }),
      201,
    );
    const tokens: string[] = [];
    const mails = await t.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('template', '=', 'company_review')
      .orderBy('id', 'desc')
      .limit(contactIds.length)
      .execute();
    for (const mail of mails.reverse())
      tokens.push(new URL(JSON.parse(mail.payload).link as string).searchParams.get('token') as string);
    return { shareIds: made.shares.map((s) => s.id), tokens };
  }

  const answer = async (token: string, json: Record<string, unknown>) =>
    body(await t.request('/api/public/review/answer', { method: 'POST', json: { token, ...json }, headers: ip }));

  const consented = (taskId: number, values = {}) =>
    referNewTalent(t, recruiter.id, taskId, { consent_status: 'CONFIRMED', ...values });

  it('lists companies with their tasks, contacts, review links and answers, found by name a page at a time', async () => {
    const kopiTask = await insertTask(t, { company: 'Kopi Digital Sdn Bhd' });
    await insertTask(t, { company: 'KOPI digital sdn bhd' });
    await insertTask(t, { company: 'Teh Tarik Bhd' });
    const kopi = await company('Kopi Digital Sdn Bhd', [
      { name: 'Tan Mei Ling', email: 'mei@kopi.example', locale: 'ms' },
      { name: 'Ali Hassan', email: 'ali@kopi.example' },
    ]);
    await company('Teh Tarik Bhd', []);
    const a = await consented(kopiTask);
    const { tokens } = await share(kopiTask, [a], kopi.contacts);
    await answer(tokens[0] as string, { referralId: a, answer: 'INTERVIEW', comment: 'Tuesday suits us.' });
    // A removed contact's links are revoked, and still counted: they were sent.
    await body(await adminCall(`/api/admin/companies/${kopi.id}/contacts/${kopi.contacts[1]}`, { method: 'DELETE' }));

    const found = await body<{ items: CompanySummary[]; total: number }>(
      await adminCall('/api/admin/companies?search=kopi'),
    );
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ id: kopi.id, tasks: 2, contacts: 1, shares: 2, answers: 1 });
    const all = await body<{ items: CompanySummary[]; total: number }>(
      await adminCall('/api/admin/companies?pageSize=10'),
    );
    expect(all.items.map((c) => [c.name, c.tasks, c.contacts, c.shares, c.answers])).toEqual([
      ['Kopi Digital Sdn Bhd', 2, 1, 2, 1],
      ['Teh Tarik Bhd', 1, 0, 0, 0],
    ]);
    const second = await body<{ items: CompanySummary[]; total: number }>(
      await adminCall('/api/admin/companies?page=2&pageSize=10'),
    );
    expect(second).toMatchObject({ items: [], total: 2, page: 2 });
  });

  it("lists a referral's review links: to whom, opened and viewed when, the answer and comment, and the links it was taken off", async () => {
    const taskId = await insertTask(t, { company: 'Kopi Digital Sdn Bhd' });
    const kopi = await company('Kopi Digital Sdn Bhd', [
      { name: 'Tan Mei Ling', email: 'mei@kopi.example', locale: 'ms' },
      { name: 'Ali Hassan', email: 'ali@kopi.example' },
    ]);
    const [mei, ali] = kopi.contacts as [number, number];
    const a = await consented(taskId);
    const b = await consented(taskId);
    const unshared = await consented(taskId);
    const first = await share(taskId, [a, b], [mei]);
    t.clock.advance(HOUR);
    await refreshLogin(t, admin);
    const second = await share(taskId, [a], [ali]);
    // Mei opens her link and a's profile, then answers about a with a comment.
    t.clock.advance(HOUR);
    await body(await t.request(`/api/public/review?token=${first.tokens[0]}`, { headers: ip }));
    await body(
      await t.request(`/api/public/review/candidate?token=${first.tokens[0]}&referralId=${a}`, { headers: ip }),
    );
    await answer(first.tokens[0] as string, {
      referralId: a,
      answer: 'NOT_A_FIT',
      reason: 'Needs a car licence.',
      comment: 'Keep us in mind for the office role.',
    });
    // a comes off Ali's link.
    await refreshLogin(t, admin);
    await body(
      await adminCall(`/api/admin/companies/shares/${second.shareIds[0]}/referrals/${a}`, { method: 'DELETE' }),
    );

    const links = await body<ReferralShare[]>(await adminCall(`/api/admin/companies/referrals/${a}/shares`));
    // The newest link first: Ali's, which a was taken off, never opened.
    expect(links.map((l) => [l.id, l.contact.name, l.state])).toEqual([
      [second.shareIds[0], 'Ali Hassan', 'OPEN'],
      [first.shareIds[0], 'Tan Mei Ling', 'OPEN'],
    ]);
    const [onAli, onMei] = links as [ReferralShare, ReferralShare];
    expect(onAli).toMatchObject({
      companyName: 'Kopi Digital Sdn Bhd',
      firstOpenedAt: null,
      views: 0,
      answer: null,
      createdBy: { id: admin.id },
    });
    expect(onAli.removedAt).not.toBeNull();
    expect(onMei).toMatchObject({
      contact: { email: 'mei@kopi.example', locale: 'ms', removed: false },
      removedAt: null,
      answer: { answer: 'NOT_A_FIT', reason: 'Needs a car licence.', comment: 'Keep us in mind for the office role.' },
    });
    expect(onMei.firstOpenedAt).not.toBeNull();
    // Each look at a's profile through Mei's link is a line of the access record: the list, then the profile.
    const looks = await t.db
      .selectFrom('access_log')
      .innerJoin('referrals', 'referrals.talent_id', 'access_log.talent_id')
      .select('access_log.created_at')
      .where('referrals.id', '=', a)
      .where('access_log.actor_kind', '=', 'COMPANY_CONTACT')
      .orderBy('access_log.created_at')
      .execute();
    expect(onMei.views).toBe(looks.length);
    expect(onMei.views).toBeGreaterThanOrEqual(2);
    expect(onMei.lastViewedAt).toBe(looks.at(-1)?.created_at);

    // b shows only the link it is on; an unshared referral none; each its own, never another's.
    const ofB = await body<ReferralShare[]>(await adminCall(`/api/admin/companies/referrals/${b}/shares`));
    expect(ofB.map((l) => [l.id, l.answer])).toEqual([[first.shareIds[0], null]]);
    expect(await body(await adminCall(`/api/admin/companies/referrals/${unshared}/shares`))).toEqual([]);

    // Revoked: the referral's list says so.
    await body(await adminCall(`/api/admin/companies/shares/${first.shareIds[0]}/revoke`, { method: 'POST' }));
    const after = await body<ReferralShare[]>(await adminCall(`/api/admin/companies/referrals/${b}/shares`));
    expect(after[0]?.state).toBe('REVOKED');

    expect((await adminCall('/api/admin/companies/referrals/999999/shares')).status).toBe(404);
    expect((await adminCall('/api/admin/companies/referrals/abc/shares')).status).toBe(400);
    await refreshLogin(t, recruiter);
    const asRecruiter = await t.request(`/api/admin/companies/referrals/${a}/shares`, { headers: recruiter.headers });
    expect(asRecruiter.status).toBe(403);
    expect((await t.request(`/api/admin/companies/referrals/${a}/shares`)).status).toBe(401);
  });

  it("counts the funnel's shared step and the companies' answer time per task, promo, recruiter and company, and exports them", async () => {
    const k1 = await insertTask(t, { company: 'Kopi', code: 'K-1', title: 'Barista' });
    const k2 = await insertTask(t, { company: 'Kopi', code: 'K-2', title: 'Cashier' });
    const t1 = await insertTask(t, { company: 'Teh', code: 'T-1', title: 'Runner' });
    const promo = await insertPromo(t, [k1], { title: 'Kopi drive' });
    const kopi = await company('Kopi', [{ name: 'Tan Mei Ling', email: 'mei@kopi.example' }]);
    const teh = await company('Teh', [{ name: 'Ali Hassan', email: 'ali@teh.example' }]);
    const other = await signIn(t);
    const a = await consented(k1, { promo_id: promo });
    const b = await consented(k1, { promo_id: promo });
    await consented(k1, { promo_id: promo }); // consented, never shared
    await referNewTalent(t, recruiter.id, k1, { promo_id: promo }); // waiting for consent
    const e = await consented(k2);
    const f = await referNewTalent(t, other.id, t1, { consent_status: 'CONFIRMED' });
    const kopiLink = await share(k1, [a, b], kopi.contacts);
    await share(k2, [e], kopi.contacts);
    const tehLink = await share(t1, [f], teh.contacts);
    // Answers 1 h (f), 2 h (a) and 5 h (b) after the sharing; e is never answered.
    t.clock.advance(HOUR);
    await answer(tehLink.tokens[0] as string, { referralId: f, answer: 'SHORTLIST' });
    t.clock.advance(HOUR);
    await answer(kopiLink.tokens[0] as string, { referralId: a, answer: 'INTERVIEW' });
    t.clock.advance(3 * HOUR);
    await answer(kopiLink.tokens[0] as string, { referralId: b, answer: 'NOT_A_FIT', reason: 'Too junior.' });
    await refreshLogin(t, admin);

    const funnel = async (query = '') => body<FunnelAnswer>(await adminCall(`/api/admin/insight/funnel${query}`));
    const step = (answer: FunnelAnswer, name: string) => answer.steps.find((s) => s.step === name);

    const all = await funnel();
    expect(all.steps.map((s) => [s.step, s.reached])).toEqual([
      ['REFERRED', 6],
      ['CONSENT', 5],
      ['SHARED', 4],
      ['SCREENING', 2],
      ['INTERVIEW', 1],
      ['OFFERED', 0],
      ['HIRED', 0],
    ]);
    expect(step(all, 'SHARED')).toMatchObject({ conversion: 4 / 5, rejected: 0, withdrawn: 0, median: null });
    // Screening is counted from consent, not from sharing: a referral can move without being shared.
    expect(step(all, 'SCREENING')?.conversion).toBe(2 / 5);
    expect(all.company).toEqual({
      shared: 4,
      answered: 3,
      answerRate: 3 / 4,
      medianAnswerHours: 2,
      answers: { SHORTLIST: 1, INTERVIEW: 1, NOT_A_FIT: 1 },
    });

    const ofKopi = await funnel(`?companyId=${kopi.id}`);
    expect(ofKopi.scope).toEqual({ kind: 'company', id: kopi.id, label: 'Kopi' });
    expect(ofKopi.steps.map((s) => s.reached)).toEqual([5, 4, 3, 1, 1, 0, 0]);
    expect(ofKopi.company).toMatchObject({ shared: 3, answered: 2, medianAnswerHours: 3.5 });
    expect((await funnel(`?taskId=${k1}`)).company).toMatchObject({ shared: 2, answered: 2, medianAnswerHours: 3.5 });
    expect((await funnel(`?taskId=${k2}`)).company).toMatchObject({ shared: 1, answered: 0, medianAnswerHours: null });
    expect((await funnel(`?promoId=${promo}`)).company).toMatchObject({ shared: 2, answered: 2 });
    expect((await funnel(`?recruiterId=${other.id}`)).company).toMatchObject({
      shared: 1,
      answered: 1,
      medianAnswerHours: 1,
      answers: { SHORTLIST: 1, INTERVIEW: 0, NOT_A_FIT: 0 },
    });
    // A period before the referrals holds none.
    expect((await funnel('?from=2026-01&to=2026-10')).company).toEqual({
      shared: 0,
      answered: 0,
      answerRate: null,
      medianAnswerHours: null,
      answers: { SHORTLIST: 0, INTERVIEW: 0, NOT_A_FIT: 0 },
    });

    const res = await adminCall(`/api/admin/insight/funnel.csv?companyId=${kopi.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`funnel-company-${kopi.id}-`);
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe(`Scope,company #${kopi.id}: Kopi`);
    expect(lines).toContain('SHARED,3,75.0,0,0,0,,');
    expect(lines.slice(-7)).toEqual([
      'Answered by the company,2',
      '"Company answer rate (%)",66.7',
      'Median company answer time (hours),3.5',
      'Shortlist for screening,0',
      'Invite to interview,1',
      'Not a fit,1',
      '',
    ]);

    // One scope at a time, and a company that does not exist is a 404 that names it.
    expect((await adminCall(`/api/admin/insight/funnel?companyId=${kopi.id}&taskId=${k1}`)).status).toBe(400);
    const gone = await adminCall('/api/admin/insight/funnel?companyId=999999');
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toContain('Company');
  });

  it("mentions in the admin's daily digest the companies' answers given since their last one", async () => {
    const taskId = await insertTask(t, { company: 'Kopi' });
    const kopi = await company('Kopi', [{ name: 'Tan Mei Ling', email: 'mei@kopi.example' }]);
    const a = await consented(taskId);
    const b = await consented(taskId);
    // Nothing waits for the admin: both rewards are decided.
    await t.db.updateTable('referrals').set({ reward_status: 'NOT_VALID' }).where('id', 'in', [a, b]).execute();
    const { tokens } = await share(taskId, [a, b], kopi.contacts);
    const token = tokens[0] as string;
    const digests = () =>
      t.db
        .selectFrom('notifications')
        .select(['payload', 'created_at'])
        .where('user_id', '=', admin.id)
        .where('kind', '=', 'ADMIN_DIGEST')
        .orderBy('id')
        .execute();
    const payloadOf = async (n: number) =>
      JSON.parse((await digests())[n]?.payload ?? '{}') as NotificationPayload & { companyAnswers?: number };

    // Nothing waiting and no answer: no digest.
    expect(await sendAdminDigests(t.deps)).toBe(0);
    await answer(token, { referralId: a, answer: 'INTERVIEW' });
    // The clock reads 10:00 in Kuala Lumpur, past the digest hour: one digest, with the answer.
    expect(await sendAdminDigests(t.deps)).toBe(1);
    expect(await payloadOf(0)).toMatchObject({ callProofs: 0, rewards: 0, dataRequests: 0, companyAnswers: 1 });
    const text = notificationText('ADMIN_DIGEST', await payloadOf(0), 'en');
    expect(text.body).toBe('Nothing is waiting for you. Since your last summary, hiring companies gave 1 answer.');
    expect(notificationText('ADMIN_DIGEST', await payloadOf(0), 'ms').body).toBe(
      'Tiada apa-apa yang menunggu anda. Sejak ringkasan terakhir anda, syarikat pengambil telah memberi 1 jawapan.',
    );
    // It went by e-mail (the admin topics' default).
    expect((await lastEmail(t, 'notification')).to_address).toBe(admin.email);

    // The next day: only the answer given since (b's); the one of yesterday's digest is not counted again.
    t.clock.advance(20 * HOUR);
    await answer(token, { referralId: b, answer: 'NOT_A_FIT', reason: 'Too junior.' });
    t.clock.advance(4 * HOUR);
    expect(await sendAdminDigests(t.deps)).toBe(1);
    expect(await payloadOf(1)).toMatchObject({ companyAnswers: 1 });
    // With something waiting as well, both are said.
    expect(notificationText('ADMIN_DIGEST', { rewards: 2, companyAnswers: 3 }, 'en').body).toBe(
      'Waiting for you: 2 rewards to decide. Since your last summary, hiring companies gave 3 answers.',
    );
    // A day with no answer and nothing waiting: none.
    t.clock.advance(24 * HOUR);
    expect(await sendAdminDigests(t.deps)).toBe(0);
  });
});
