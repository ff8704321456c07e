import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '#src/server/mail/templates.ts';
import { TALENT_NOTICE_VERSION } from '#src/shared/constants.ts';
import { createReferral, lastEmail, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60_000;

describe.each(DIALECTS)('public consent and ITA links on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const view = (token: string, kind: 'consent' | 'ita' = 'consent', ip = '203.0.113.7') =>
    t.request(`/api/public/${kind}?token=${encodeURIComponent(token)}`, { headers: { 'x-forwarded-for': ip } });
  const answer = (
    token: string,
    decision: 'CONFIRMED' | 'DECLINED' = 'CONFIRMED',
    options: { kind?: 'consent' | 'ita'; locale?: string; ip?: string } = {},
  ) =>
    t.request(`/api/public/${options.kind ?? 'consent'}`, {
      method: 'POST',
      json: { token, decision, locale: options.locale ?? 'en' },
      headers: { 'x-forwarded-for': options.ip ?? '203.0.113.7', 'user-agent': 'Mozilla/5.0 (Linux; Android 14)' },
    });

  // A recruiter (writing e-mails in Chinese) who referred Aisyah to a task at Kopi Digital.
  const setup = async () => {
    const recruiter = await signIn(t, { locale: 'zh' });
    await t.db.updateTable('users').set({ full_name: 'Ahmad Faizal' }).where('id', '=', recruiter.id).execute();
    const taskId = await insertTask(t, {
      title: 'Senior Backend Engineer',
      company: 'Kopi Digital',
      location: 'Cyberjaya',
    });
    const referral = await createReferral(t, recruiter.id, {
      taskId,
      talent: { full_name: 'Aisyah Rahman', email: 'aisyah@example.com' },
    });
    return { recruiter, referral };
  };

  it('shows whom the talent answers and for which job, without using the link up', async () => {
    const { referral } = await setup();
    const first = await view(referral.consentToken);
    const second = await view(referral.consentToken);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const body = await first.json();
    expect(body.data).toEqual({
      kind: 'CONSENT',
      state: 'OPEN',
      recruiterName: 'Ahmad Faizal',
      taskTitle: 'Senior Backend Engineer',
      company: 'Kopi Digital',
      location: 'Cyberjaya',
      decision: null,
      decidedAt: null,
      expiresAt: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString(),
      noticeVersion: TALENT_NOTICE_VERSION,
      withdrawable: false,
      withdrawnAt: null,
      retention: { declinedDays: 30, inactiveMonths: 24, paymentYears: 7, accessLogMonths: 24 },
    });
    expect((await second.json()).data.state).toBe('OPEN');
    // No other personal data: not the talent's name, e-mail or phone, nor the recruiter's e-mail.
    const text = JSON.stringify(body);
    const talent = await t.db.selectFrom('talents').selectAll().executeTakeFirstOrThrow();
    for (const secret of [talent.email, talent.phone_e164, talent.phone, talent.full_name, 'example.com']) {
      expect(text).not.toContain(secret);
    }
  });

  it('records a confirmation as proof, tells the recruiter in their language, and shows it as used', async () => {
    const { recruiter, referral } = await setup();
    const res = await answer(referral.consentToken, 'CONFIRMED', { locale: 'ms' });
    expect(res.status).toBe(200);
    const at = t.clock.now().toISOString();
    expect((await res.json()).data).toMatchObject({ state: 'USED', decision: 'CONFIRMED', decidedAt: at });

    const row = await t.db.selectFrom('referrals').selectAll().where('id', '=', referral.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ consent_status: 'CONFIRMED', consent_decided_at: at, ita_status: 'NOT_SENT' });

    const proof = await t.db.selectFrom('talent_decisions').selectAll().execute();
    expect(proof).toEqual([
      expect.objectContaining({
        referral_id: referral.id,
        token_id: expect.any(Number),
        kind: 'CONSENT',
        decision: 'CONFIRMED',
        notice_version: TALENT_NOTICE_VERSION,
        locale: 'ms',
        ip: '203.0.113.7',
        user_agent: 'Mozilla/5.0 (Linux; Android 14)',
        created_at: at,
      }),
    ]);

    const history = await t.db
      .selectFrom('referral_history')
      .selectAll()
      .where('action', '=', 'CONSENT_CHANGED')
      .execute();
    expect(history).toEqual([
      expect.objectContaining({ actor_id: null, from_value: 'PENDING', to_value: 'CONFIRMED', created_at: at }),
    ]);

    const mail = await lastEmail(t, 'talent_answered');
    expect(mail).toMatchObject({ to_address: recruiter.email, locale: 'zh', status: 'PENDING' });
    expect(mail.payload).toEqual({
      recruiterName: 'Ahmad Faizal',
      talentName: 'Aisyah Rahman',
      taskTitle: 'Senior Backend Engineer',
      kind: 'CONSENT',
      decision: 'CONFIRMED',
      // The profile opens at this referral (issue 42.18: it opened with the referral collapsed).
      link: `https://recruiter.example/zh/talents-folder/${referral.talentId}/profile?referral=${referral.id}`,
      // Issue 25: every notification e-mail carries its one-click way to stop e-mails like it.
      preferencesLink: expect.stringMatching(/^https:\/\/recruiter\.example\/zh\/notifications\/unsubscribe\?token=/),
    });
    const written = renderEmail('talent_answered', mail.locale, mail.payload);
    expect(written.subject).toBe('已同意推荐：Aisyah Rahman（Senior Backend Engineer）');
    expect(written.text).toContain('Aisyah Rahman 已同意被推荐应聘 Senior Backend Engineer。');
    expect(written.html).toContain(
      `href="https://recruiter.example/zh/talents-folder/${referral.talentId}/profile?referral=${referral.id}"`,
    );
    const notice = await t.db
      .selectFrom('notifications')
      .select('path')
      .where('kind', '=', 'CONSENT_CONFIRMED')
      .executeTakeFirstOrThrow();
    expect(notice.path).toBe(`/talents-folder/${referral.talentId}/profile?referral=${referral.id}`);

    const after = await (await view(referral.consentToken)).json();
    expect(after.data).toMatchObject({ state: 'USED', decision: 'CONFIRMED', decidedAt: at });
  });

  it('records a decline too', async () => {
    const { referral } = await setup();
    const res = await answer(referral.consentToken, 'DECLINED');
    expect((await res.json()).data).toMatchObject({ state: 'USED', decision: 'DECLINED' });
    const row = await t.db.selectFrom('referrals').selectAll().where('id', '=', referral.id).executeTakeFirstOrThrow();
    expect(row.consent_status).toBe('DECLINED');
    const mail = await lastEmail(t, 'talent_answered');
    expect(mail.payload.decision).toBe('DECLINED');
    // The recruiter tells a decline from a confirmation by the subject alone.
    expect(renderEmail('talent_answered', 'en', mail.payload).subject).toBe(
      'Consent declined: Aisyah Rahman for Senior Backend Engineer',
    );
    expect(renderEmail('talent_answered', 'en', { ...mail.payload, kind: 'ITA', decision: 'CONFIRMED' }).subject).toBe(
      'Intent to apply confirmed: Aisyah Rahman for Senior Backend Engineer',
    );
  });

  it('can be answered once: a second answer is refused and changes nothing', async () => {
    const { referral } = await setup();
    expect((await answer(referral.consentToken, 'CONFIRMED')).status).toBe(200);
    const again = await answer(referral.consentToken, 'DECLINED');
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('CONFLICT');
    const row = await t.db.selectFrom('referrals').selectAll().where('id', '=', referral.id).executeTakeFirstOrThrow();
    expect(row.consent_status).toBe('CONFIRMED');
    expect(await t.db.selectFrom('talent_decisions').select('id').execute()).toHaveLength(1);
  });

  it('gives exactly one of two simultaneous answers', async () => {
    const { referral } = await setup();
    const results = await Promise.all([
      answer(referral.consentToken, 'CONFIRMED'),
      answer(referral.consentToken, 'DECLINED'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.selectFrom('talent_decisions').select('id').execute()).toHaveLength(1);
    expect(
      await t.db.selectFrom('email_outbox').select('id').where('template', '=', 'talent_answered').execute(),
    ).toHaveLength(1);
    const history = await t.db
      .selectFrom('referral_history')
      .select('id')
      .where('action', '=', 'CONSENT_CHANGED')
      .execute();
    expect(history).toHaveLength(1);
  });

  it('expires after 72 hours', async () => {
    const { referral } = await setup();
    t.clock.advance(73 * HOUR);
    const shown = await view(referral.consentToken);
    expect(shown.status).toBe(200);
    expect((await shown.json()).data).toMatchObject({
      state: 'EXPIRED',
      decision: null,
      recruiterName: 'Ahmad Faizal',
    });
    const res = await answer(referral.consentToken);
    expect(res.status).toBe(410);
    expect((await res.json()).error).toMatchObject({
      code: 'TOKEN_EXPIRED',
      message: expect.stringMatching(/new link/),
    });
    const row = await t.db.selectFrom('referrals').selectAll().where('id', '=', referral.id).executeTakeFirstOrThrow();
    expect(row.consent_status).toBe('PENDING');
  });

  it('answers 404 for an unknown token, and for a consent token on the ITA page', async () => {
    const { referral } = await setup();
    const unknown = 'x'.repeat(43);
    for (const res of [await view(unknown), await answer(unknown), await view(referral.consentToken, 'ita')]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('INVALID_TOKEN');
    }
    expect((await answer(referral.consentToken, 'CONFIRMED', { kind: 'ita' })).status).toBe(404);
    const missing = await t.request('/api/public/consent');
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { token: expect.any(String) },
    });
  });

  it('lets the talent confirm the intent to apply once consent is given', async () => {
    const { recruiter, referral } = await setup();
    expect((await answer(referral.consentToken)).status).toBe(200);
    const sent = await t.request('/api/recruiter/talent-task/resend-ita/email', {
      method: 'POST',
      json: { referralId: referral.id },
      headers: recruiter.headers,
    });
    expect(sent.status).toBe(200);
    const link = (await lastEmail(t, 'ita_request')).payload.link as string;
    const token = new URL(link).searchParams.get('token') as string;

    expect((await (await view(token, 'ita')).json()).data).toMatchObject({ kind: 'ITA', state: 'OPEN' });
    const res = await answer(token, 'CONFIRMED', { kind: 'ita', locale: 'zh' });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ kind: 'ITA', state: 'USED', decision: 'CONFIRMED' });
    const row = await t.db.selectFrom('referrals').selectAll().where('id', '=', referral.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ita_status: 'CONFIRMED', ita_decided_at: t.clock.now().toISOString() });
    const proof = await t.db.selectFrom('talent_decisions').selectAll().where('kind', '=', 'ITA').execute();
    expect(proof).toEqual([expect.objectContaining({ decision: 'CONFIRMED', locale: 'zh' })]);
    const mail = await lastEmail(t, 'talent_answered');
    expect(mail.payload).toMatchObject({ kind: 'ITA', decision: 'CONFIRMED' });
    expect((await answer(token, 'CONFIRMED', { kind: 'ita' })).status).toBe(409);
  });

  it('limits each IP to 60 calls per window', async () => {
    const { referral } = await setup();
    for (let i = 0; i < 60; i++) expect((await view(referral.consentToken)).status).toBe(200);
    const limited = await view(referral.consentToken);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await answer(referral.consentToken)).status).toBe(429);
    // Another address is not affected, and the link was never used.
    const other = await view(referral.consentToken, 'consent', '198.51.100.2');
    expect((await other.json()).data.state).toBe('OPEN');
  });
});
