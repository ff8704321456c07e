import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '#src/server/mail/templates.ts';
import { createReferral, lastEmail, signIn } from './helpers/referral-fixtures';
import { insertTalent, insertTask } from './helpers/rows';
import { MEDIA_SAMPLES } from './helpers/sample-files';
import { multipart } from './helpers/talent-fixtures';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60_000;

// Issue 24 part 2: the talent's "manage my data" link and page.
describe.each(DIALECTS)('the talent data link on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const headers = { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Mozilla/5.0 (iPhone)' };
  const get = (path: string) => t.request(path, { headers });
  const post = (path: string, json: unknown) => t.request(path, { method: 'POST', json, headers });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token') as string;
  const dataView = async (token: string) => {
    const res = await get(`/api/public/data?token=${token}`);
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };

  // Aisyah, referred by Ahmad Faizal for a backend job; her consent e-mail carries a data link.
  const setup = async () => {
    const recruiter = await signIn(t, { locale: 'en' });
    await t.db.updateTable('users').set({ full_name: 'Ahmad Faizal' }).where('id', '=', recruiter.id).execute();
    const taskId = await insertTask(t, { title: 'Senior Backend Engineer', company: 'Kopi Digital' });
    const made = await createReferral(t, recruiter.id, {
      taskId,
      talent: { full_name: 'Aisyah Rahman', email: 'Aisyah@Example.com', email_normalized: 'aisyah@example.com' },
    });
    const mail = await lastEmail(t, 'consent_request');
    return { recruiter, made, mail, dataToken: tokenOf(mail.payload.dataLink as string) };
  };

  it('puts a manage-my-data link in the consent e-mail, which shows everything held, note and rating included', async () => {
    const { made, mail, dataToken } = await setup();
    expect(mail.payload.dataLink).toMatch(/\/talent\/data\?token=/);
    const written = renderEmail('consent_request', 'en', mail.payload);
    expect(written.text).toContain('Manage my data');
    expect(written.text).toContain(mail.payload.dataLink);
    // Hashed at rest, a 7-day DATA link for the talent, no referral.
    const row = await t.db
      .selectFrom('one_time_tokens')
      .selectAll()
      .where('kind', '=', 'DATA')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ talent_id: made.talentId, referral_id: null });
    expect(row.token_hash).not.toContain(dataToken);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(7 * DAY);

    const view = await dataView(dataToken);
    expect(view.profile).toMatchObject({ fullName: 'Aisyah Rahman', email: 'Aisyah@Example.com' });
    // With its country code, grouped as people read it (issue 42.22), not +60123456789.
    expect(view.profile.phone).toMatch(/^\+60 \d[\d -]+\d$/);
    expect(view.referrals).toEqual([
      expect.objectContaining({
        id: made.id,
        taskTitle: 'Senior Backend Engineer',
        company: 'Kopi Digital',
        recruiterName: 'Ahmad Faizal',
        consentStatus: 'PENDING',
        recruiterNote: 'Strong Node.js background.',
        rating: 10,
        withdrawable: false,
      }),
    ]);
    expect(view.retention).toEqual({ declinedDays: 30, inactiveMonths: 24, paymentYears: 7, accessLogMonths: 24 });
    const log = await t.db.selectFrom('access_log').selectAll().execute();
    expect(log).toEqual([
      expect.objectContaining({
        actor_kind: 'TALENT',
        action: 'PERSON_VIEW',
        talent_id: made.talentId,
        ip: '203.0.113.9',
      }),
    ]);
  });

  it('is single-purpose: a data link answers no consent, a consent link opens no data', async () => {
    const { made, dataToken } = await setup();
    expect((await get(`/api/public/consent?token=${dataToken}`)).status).toBe(404);
    const answer = await post('/api/public/consent', { token: dataToken, decision: 'CONFIRMED' });
    expect(answer.status).toBe(404);
    expect((await post('/api/public/consent/data-link', { token: dataToken })).status).toBe(404);
    expect((await get(`/api/public/data?token=${made.consentToken}`)).status).toBe(404);
    expect((await get(`/api/public/data/export?token=${made.consentToken}&format=json`)).status).toBe(404);
    const referral = await t.db.selectFrom('referrals').select('consent_status').executeTakeFirstOrThrow();
    expect(referral.consent_status).toBe('PENDING');
  });

  it('expires after 7 days', async () => {
    const { dataToken } = await setup();
    t.clock.advance(7 * DAY - 1000);
    expect((await get(`/api/public/data?token=${dataToken}`)).status).toBe(200);
    t.clock.advance(2000);
    const res = await get(`/api/public/data?token=${dataToken}`);
    expect(res.status).toBe(410);
    expect((await res.json()).error.code).toBe('TOKEN_EXPIRED');
  });

  // Issue 43.12: what carries the talent's data is the API; none of its answers may be kept by a cache.
  it('answers every call of the data page no-store: the view, a correction, the downloads and the CV', async () => {
    const { dataToken } = await setup();
    const answers = [
      await get(`/api/public/data?token=${dataToken}`),
      await get(`/api/public/data/export?token=${dataToken}&format=json&locale=en`),
      await get(`/api/public/data/export?token=${dataToken}&format=html&locale=en`),
      await post('/api/public/data/correction', { token: dataToken, message: 'My town is Ipoh.' }),
      await get('/api/public/data?token=unknown-token-0000000000000000000000000000'),
    ];
    for (const res of answers) expect(res.headers.get('cache-control'), res.url).toMatch(/(^|\s|,)no-store(,|$)/);
  });

  it('is rate-limited per IP like the talent links', async () => {
    const { dataToken } = await setup();
    for (let i = 0; i < 60; i++) await get(`/api/public/data?token=${dataToken}`);
    expect((await get(`/api/public/data?token=${dataToken}`)).status).toBe(429);
    // Another address is not slowed down.
    const other = await t.request(`/api/public/data?token=${dataToken}`, {
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(other.status).toBe(200);
  });

  it('issues a data link from a consent link, open or answered, and not from an expired one', async () => {
    const { made } = await setup();
    const issued = await post('/api/public/consent/data-link', { token: made.consentToken });
    expect(issued.status).toBe(200);
    const { token } = (await issued.json()).data;
    expect((await dataView(token)).profile.fullName).toBe('Aisyah Rahman');
    await post('/api/public/consent', { token: made.consentToken, decision: 'CONFIRMED', locale: 'en' });
    expect((await post('/api/public/consent/data-link', { token: made.consentToken })).status).toBe(200);

    const second = await createReferral(t, (await signIn(t)).id);
    t.clock.advance(4 * DAY);
    expect((await post('/api/public/consent/data-link', { token: second.consentToken })).status).toBe(410);
  });

  // Issue 43.6: an answered link kept minting 7-day data links for ever, so an old or forwarded e-mail
  // opened the talent's data long after its answer.
  it('stops giving data links once the consent link has expired, answered or not, and no data link outlives its e-mail', async () => {
    const { made, dataToken } = await setup();
    const sentAt = t.clock.now().getTime();
    await post('/api/public/consent', { token: made.consentToken, decision: 'CONFIRMED', locale: 'en' });
    // Just before the link's 72 hours: still given, but ending when the e-mail's own data link does.
    t.clock.advance(72 * 60 * 60_000 - 1000);
    const late = await post('/api/public/consent/data-link', { token: made.consentToken });
    expect(late.status).toBe(200);
    const { token } = (await late.json()).data;
    const row = await t.db
      .selectFrom('one_time_tokens')
      .select('expires_at')
      .where('kind', '=', 'DATA')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at)).toBe(sentAt + 7 * DAY);
    // Past them: the answered link gives no more, and it still says what was answered.
    t.clock.advance(2000);
    const refused = await post('/api/public/consent/data-link', { token: made.consentToken });
    expect(refused.status).toBe(410);
    expect((await refused.json()).error.code).toBe('TOKEN_EXPIRED');
    const page = await get(`/api/public/consent?token=${made.consentToken}`);
    expect((await page.json()).data).toMatchObject({ state: 'USED', decision: 'CONFIRMED' });
    // Seven days after the e-mail, neither its data link nor one the page gave opens anything.
    t.clock.advance(4 * DAY);
    expect((await get(`/api/public/data?token=${dataToken}`)).status).toBe(410);
    expect((await get(`/api/public/data?token=${token}`)).status).toBe(410);
    expect((await post('/api/public/consent/data-link', { token: made.consentToken })).status).toBe(410);
  });

  it('answers a link request the same for known and unknown addresses, and e-mails only known ones', async () => {
    const { made } = await setup();
    // The same person, held by a second recruiter too.
    const other = await signIn(t);
    await insertTalent(t, other.id, { email: 'aisyah@example.com', full_name: 'Aisyah R.' });
    const before = await t.db.selectFrom('email_outbox').select('id').execute();

    const known = await post('/api/public/data/request-link', { email: ' AISYAH@example.com ', locale: 'ms' });
    const unknown = await post('/api/public/data/request-link', { email: 'nobody@example.com', locale: 'ms' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());

    const mails = await t.db
      .selectFrom('email_outbox')
      .selectAll()
      .where(
        'id',
        'not in',
        before.map((m) => m.id),
      )
      .orderBy('id')
      .execute();
    expect(mails.map((m) => [m.template, m.locale])).toEqual([
      ['talent_data_link', 'ms'],
      ['talent_data_link', 'ms'],
    ]);
    const tokens = mails.map((m) => tokenOf(JSON.parse(m.payload).link));
    expect((await dataView(tokens[0] as string)).profile.fullName).toBe('Aisyah Rahman');
    expect((await dataView(tokens[1] as string)).profile.fullName).toBe('Aisyah R.');
    expect(mails[0]?.talent_id).toBe(made.talentId);
    expect(renderEmail('talent_data_link', 'ms', JSON.parse(mails[0]?.payload as string)).text).toContain(
      'Urus data saya',
    );
  });

  it('limits link requests per address, known or not, with the same answer', async () => {
    await setup();
    for (let i = 0; i < 3; i++) await post('/api/public/data/request-link', { email: 'aisyah@example.com' });
    const sent = async () =>
      (await t.db.selectFrom('email_outbox').select('id').where('template', '=', 'talent_data_link').execute()).length;
    expect(await sent()).toBe(3);
    const fourth = await post('/api/public/data/request-link', { email: 'aisyah@example.com' });
    expect(fourth.status).toBe(200);
    expect(await sent()).toBe(3);
    const rateKeys = await t.db.selectFrom('rate_limits').select('key').execute();
    expect(rateKeys.map((r) => r.key).join()).not.toContain('aisyah');
  });

  it('records a correction with its 21-day clock, tells the recruiter and shows it on their profile', async () => {
    const { recruiter, made, dataToken } = await setup();
    const res = await post('/api/public/data/correction', {
      token: dataToken,
      message: 'My location is Kuala Lumpur, not Petaling Jaya.',
    });
    expect(res.status).toBe(200);
    const at = t.clock.now();
    const due = new Date(at.getTime() + 21 * DAY).toISOString();
    expect((await res.json()).data.requests).toEqual([
      expect.objectContaining({ kind: 'CORRECTION', status: 'OPEN', dueAt: due }),
    ]);
    const row = await t.db.selectFrom('data_requests').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ talent_id: made.talentId, kind: 'CORRECTION', status: 'OPEN', due_at: due });

    const mail = await lastEmail(t, 'data_correction_requested');
    expect(mail).toMatchObject({ to_address: recruiter.email, talent_id: made.talentId });
    expect(renderEmail('data_correction_requested', 'en', mail.payload).text).toContain(
      'My location is Kuala Lumpur, not Petaling Jaya.',
    );

    const profile = await t.request(`/api/recruiter/talent/${made.talentId}`, { headers: recruiter.headers });
    expect((await profile.json()).data.corrections).toEqual([
      {
        id: row.id,
        message: 'My location is Kuala Lumpur, not Petaling Jaya.',
        createdAt: at.toISOString(),
        dueAt: due,
      },
    ]);
    const stranger = await signIn(t);
    expect((await t.request(`/api/recruiter/talent/${made.talentId}`, { headers: stranger.headers })).status).toBe(404);
    expect((await post('/api/public/data/correction', { token: dataToken, message: 'x' })).status).toBe(400);
  });

  // Issue 43.7: each request e-mails the recruiter and tells every admin; a data link could send any number.
  it('takes 3 correction requests waiting at once and 3 a day, then answers 429 and sends nothing more', async () => {
    const { recruiter, made, dataToken } = await setup();
    const correct = (message: string) => post('/api/public/data/correction', { token: dataToken, message });
    const sent = async () => ({
      requests: (await t.db.selectFrom('data_requests').select('id').execute()).length,
      emails: (
        await t.db.selectFrom('email_outbox').select('id').where('template', '=', 'data_correction_requested').execute()
      ).length,
      admins: (
        await t.db.selectFrom('notification_events').select('id').where('kind', '=', 'ADMIN_DATA_REQUEST').execute()
      ).length,
    });
    for (const n of [1, 2, 3]) expect((await correct(`Correction ${n}.`)).status).toBe(200);
    expect(await sent()).toEqual({ requests: 3, emails: 3, admins: 3 });
    const fourth = await correct('Correction 4.');
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      fields: { message: 'correction_limit' },
    });
    expect(await sent()).toEqual({ requests: 3, emails: 3, admins: 3 });

    // One answered: still 3 sent within the day, so the next waits for the first one's day to pass.
    const [first] = await t.db.selectFrom('data_requests').select('id').orderBy('id').execute();
    const done = await t.request(`/api/recruiter/talent/${made.talentId}/corrections/${first?.id}/done`, {
      method: 'POST',
      json: { response: 'Done.' },
      headers: recruiter.headers,
    });
    expect(done.status).toBe(200);
    t.clock.advance(60 * 60_000);
    const sameDay = await correct('Correction 4.');
    expect(sameDay.status).toBe(429);
    expect(Number(sameDay.headers.get('retry-after'))).toBe(23 * 60 * 60);
    t.clock.advance(23 * 60 * 60_000);
    expect((await correct('Correction 4.')).status).toBe(200);
    // Three open again: the fourth waits for an answer, whatever the day.
    t.clock.advance(2 * DAY);
    const waiting = await correct('Correction 5.');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBeNull();
    expect(await sent()).toEqual({ requests: 4, emails: 4, admins: 4 });
  });

  it('lets the recruiter close the correction once done, saying what they corrected, and only theirs', async () => {
    const { recruiter, made, dataToken } = await setup();
    await post('/api/public/data/correction', { token: dataToken, message: 'My location is Kuala Lumpur.' });
    const request = await t.db.selectFrom('data_requests').select('id').executeTakeFirstOrThrow();
    const done = (who: { headers: { authorization: string } }, json: unknown, requestId = request.id) =>
      t.request(`/api/recruiter/talent/${made.talentId}/corrections/${requestId}/done`, {
        method: 'POST',
        json,
        headers: who.headers,
      });

    // Another recruiter, an empty note, or the talent's withdrawal: refused, nothing closed.
    const stranger = await signIn(t);
    expect((await done(stranger, { response: 'Fixed.' })).status).toBe(404);
    expect((await done(recruiter, { response: '  ' })).status).toBe(400);
    const withdrawal = await t.db
      .insertInto('data_requests')
      .values({
        talent_id: made.talentId,
        referral_id: null,
        kind: 'WITHDRAWAL',
        message: null,
        status: 'OPEN',
        due_at: t.clock.now().toISOString(),
        created_at: t.clock.now().toISOString(),
        closed_at: null,
        closed_by: null,
        response: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await done(recruiter, { response: 'Fixed.' }, withdrawal.id)).status).toBe(404);

    const res = await done(recruiter, { response: ' Location changed to Kuala Lumpur. ' });
    expect(res.status).toBe(200);
    const at = t.clock.now().toISOString();
    expect((await res.json()).data).toEqual({ id: request.id, status: 'DONE', closedAt: at });
    const row = await t.db
      .selectFrom('data_requests')
      .selectAll()
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'DONE',
      response: 'Location changed to Kuala Lumpur.',
      closed_at: at,
      closed_by: recruiter.id,
    });
    // The talent hears the recruiter's answer, in the language their links use.
    const told = await t.db
      .selectFrom('email_outbox')
      .select(['template', 'payload'])
      .where('template', '=', 'data_request_answered')
      .execute();
    expect(told).toHaveLength(1);
    expect(JSON.parse(told[0]?.payload as string)).toMatchObject({
      status: 'DONE',
      response: 'Location changed to Kuala Lumpur.',
    });
    // Gone from the profile; closing it again says it is closed.
    const profile = await t.request(`/api/recruiter/talent/${made.talentId}`, { headers: recruiter.headers });
    expect((await profile.json()).data.corrections).toEqual([]);
    expect((await done(recruiter, { response: 'Again.' })).status).toBe(409);
  });

  it('withdraws consent from the data page with a WITHDRAWAL request due when the data is erased', async () => {
    const { recruiter, made, dataToken } = await setup();
    await post('/api/public/consent', { token: made.consentToken, decision: 'CONFIRMED', locale: 'en' });
    const before = await dataView(dataToken);
    expect(before.referrals[0]).toMatchObject({ withdrawable: true });

    const res = await post('/api/public/data/withdraw', { token: dataToken, referralId: made.id, locale: 'zh' });
    expect(res.status).toBe(200);
    const at = t.clock.now();
    const view = (await res.json()).data;
    expect(view.referrals[0]).toMatchObject({
      consentStatus: 'DECLINED',
      withdrawable: false,
      withdrawnAt: at.toISOString(),
    });
    expect(view.requests).toEqual([
      expect.objectContaining({
        kind: 'WITHDRAWAL',
        status: 'OPEN',
        referralId: made.id,
        dueAt: new Date(at.getTime() + 30 * DAY).toISOString(),
      }),
    ]);
    expect(await lastEmail(t, 'consent_withdrawn')).toBeTruthy();
    const proof = await t.db.selectFrom('talent_decisions').selectAll().where('decision', '=', 'WITHDRAWN').execute();
    expect(proof).toEqual([expect.objectContaining({ locale: 'zh', kind: 'CONSENT' })]);
    const again = await post('/api/public/data/withdraw', { token: dataToken, referralId: made.id });
    expect(again.status).toBe(409);
    // The recruiter's profile and referral say when it was withdrawn (its state reads DECLINED).
    const profile = (
      await (await t.request(`/api/recruiter/talent/${made.talentId}`, { headers: recruiter.headers })).json()
    ).data;
    expect(profile.referrals[0]).toMatchObject({ consentStatus: 'DECLINED', consentWithdrawnAt: at.toISOString() });
    const detail = (
      await (await t.request(`/api/recruiter/talent-task/${made.id}`, { headers: recruiter.headers })).json()
    ).data;
    expect(detail).toMatchObject({ consentWithdrawnAt: at.toISOString() });
    // What they read of it says withdrawn, not "declined" (the referral's consent state is DECLINED).
    const page = await (await get(`/api/public/data/export?token=${dataToken}&format=html&locale=zh`)).text();
    expect(page).toContain('已撤回同意');
    expect(page).not.toContain('已拒绝同意');
    // The application reads as stopped, not as the "Submitted" its hiring status still holds (42.14).
    expect(page).toContain('已停止：您已撤回同意');
    expect(page).not.toContain('已提交');
  });

  it('also writes a WITHDRAWAL request when consent is withdrawn on the consent page', async () => {
    const { made } = await setup();
    await post('/api/public/consent', { token: made.consentToken, decision: 'CONFIRMED', locale: 'en' });
    expect((await post('/api/public/consent/withdraw', { token: made.consentToken })).status).toBe(200);
    const rows = await t.db.selectFrom('data_requests').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        talent_id: made.talentId,
        referral_id: made.id,
        kind: 'WITHDRAWAL',
        due_at: new Date(t.clock.now().getTime() + 30 * DAY).toISOString(),
      }),
    ]);
  });

  it("never shows or changes another talent's data", async () => {
    const { recruiter, dataToken } = await setup();
    const other = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    await post('/api/public/consent', { token: other.consentToken, decision: 'CONFIRMED', locale: 'en' });
    const view = await dataView(dataToken);
    expect(JSON.stringify(view)).not.toContain('Someone Else');
    expect(view.referrals).toHaveLength(1);
    const res = await post('/api/public/data/withdraw', { token: dataToken, referralId: other.id });
    expect(res.status).toBe(404);
    const referral = await t.db
      .selectFrom('referrals')
      .select('consent_status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(referral.consent_status).toBe('CONFIRMED');
  });

  it('downloads the data as JSON and as a readable page in the talent language, recorded as an export', async () => {
    const { made, dataToken } = await setup();
    const json = await get(`/api/public/data/export?token=${dataToken}&format=json`);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-/);
    const body = await json.json();
    expect(body.profile.fullName).toBe('Aisyah Rahman');
    expect(body.referrals[0].recruiterNote).toBe('Strong Node.js background.');

    const html = await get(`/api/public/data/export?token=${dataToken}&format=html&locale=zh`);
    expect(html.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await html.text();
    expect(page).toContain('<html lang="zh">');
    expect(page).toContain('您的个人资料');
    expect(page).toContain('Aisyah Rahman');
    expect(page).toContain('Kopi Digital 的 Senior Backend Engineer');
    expect(page).not.toContain('<script');
    const log = await t.db.selectFrom('access_log').selectAll().where('action', '=', 'PERSON_EXPORT').execute();
    expect(log.map((l) => [l.actor_kind, l.talent_id, JSON.parse(l.detail as string).format])).toEqual([
      ['TALENT', made.talentId, 'json'],
      ['TALENT', made.talentId, 'html'],
    ]);
  });

  // Issue 42.2: Data Protection listed the call proofs held about a person; their own page did not.
  it('shows the call proofs held about the talent, with the note, in the page, both downloads and their files', async () => {
    const { recruiter, made, dataToken } = await setup();
    const calledAt = new Date(t.clock.now().getTime() - 60 * 60_000).toISOString();
    const upload = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: recruiter.headers,
      body: multipart(
        { referralId: String(made.id), calledAt, note: 'Called, she is keen on the role.' },
        { bytes: MEDIA_SAMPLES.png, name: 'call-aisyah.png', type: 'image/png' },
      ),
    });
    expect(upload.status).toBe(201);
    const proofId = (await upload.json()).data.id as number;

    const view = await dataView(dataToken);
    expect(view.callProofs).toEqual([
      {
        id: proofId,
        referralId: made.id,
        fileName: 'call-aisyah.png',
        size: MEDIA_SAMPLES.png.byteLength,
        calledAt,
        note: 'Called, she is keen on the role.',
        addedAt: t.clock.now().toISOString(),
      },
    ]);
    const json = await (await get(`/api/public/data/export?token=${dataToken}&format=json`)).json();
    expect(json.callProofs).toEqual(view.callProofs);
    const page = await (await get(`/api/public/data/export?token=${dataToken}&format=html&locale=ms`)).text();
    expect(page).toContain('Bukti panggilan dengan anda');
    expect(page).toContain('call-aisyah.png');
    expect(page).toContain('Called, she is keen on the role.');

    // The file itself, as an attachment, recorded as the talent's download of a call proof.
    const file = await get(`/api/public/data/call-proof?token=${dataToken}&id=${proofId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="call-aisyah.png"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(MEDIA_SAMPLES.png));
    const log = await t.db.selectFrom('access_log').selectAll().where('action', '=', 'FILE_DOWNLOAD').execute();
    expect(log.map((l) => [l.actor_kind, l.talent_id, JSON.parse(l.detail as string).purpose])).toEqual([
      ['TALENT', made.talentId, 'CALL_PROOF'],
    ]);

    // Another talent's proof is unknown under this link; a malformed id is refused.
    const other = await createReferral(t, recruiter.id, { talent: { full_name: 'Someone Else' } });
    const theirs = await t.request('/api/recruiter/talent-task/call-proof', {
      method: 'POST',
      headers: recruiter.headers,
      body: multipart(
        { referralId: String(other.id), calledAt, note: 'Not her.' },
        { bytes: MEDIA_SAMPLES.png, name: 'call-other.png', type: 'image/png' },
      ),
    });
    const theirId = (await theirs.json()).data.id as number;
    expect((await get(`/api/public/data/call-proof?token=${dataToken}&id=${theirId}`)).status).toBe(404);
    expect((await get(`/api/public/data/call-proof?token=${dataToken}&id=abc`)).status).toBe(400);
    expect((await dataView(dataToken)).callProofs).toHaveLength(1);
  });

  it('says no data is held once the talent is anonymised', async () => {
    const { made, dataToken } = await setup();
    await t.db
      .updateTable('talents')
      .set({ erased_at: t.clock.now().toISOString() })
      .where('id', '=', made.talentId)
      .execute();
    const res = await get(`/api/public/data?token=${dataToken}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('INVALID_TOKEN');
  });

  it('tells the consent page the retention periods the server applies', async () => {
    await t.close();
    t = await createTestApp(dialect, { RETENTION_DECLINED_DAYS: '14', RETENTION_INACTIVE_MONTHS: '12' });
    const { made } = await setup();
    const view = (await (await get(`/api/public/consent?token=${made.consentToken}`)).json()).data;
    expect(view.retention).toMatchObject({ declinedDays: 14, inactiveMonths: 12 });
  });
});
