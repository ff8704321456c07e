import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processDueEmails } from '#src/server/jobs/mail-worker.ts';
import type { MailTransport } from '#src/server/mail/transport.ts';
import { createReferral, lastEmail, lastToken, refreshLogin, signIn } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;

describe.each(DIALECTS)('referrals (talent-task) on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const resendConsent = (headers: Record<string, string>, referralId: number) =>
    t.request('/api/recruiter/talent-task/resend-consent', { method: 'POST', json: { referralId }, headers });
  const sendIta = (headers: Record<string, string>, referralId: number) =>
    t.request('/api/recruiter/talent-task/resend-ita/email', { method: 'POST', json: { referralId }, headers });
  const detail = async (headers: Record<string, string>, referralId: number) => {
    const res = await t.request(`/api/recruiter/talent-task/${referralId}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  const answer = (kind: 'consent' | 'ita', token: string, decision: 'CONFIRMED' | 'DECLINED' = 'CONFIRMED') =>
    t.request(`/api/public/${kind}`, { method: 'POST', json: { token, decision, locale: 'en' } });
  const referralRow = (id: number) =>
    t.db.selectFrom('referrals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('list and detail', () => {
    it('lists only my referrals, with filters and paging', async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const task = await insertTask(t);
      const mine1 = await createReferral(t, me.id, { taskId: task, talent: { full_name: 'Aisyah Rahman' } });
      t.clock.advance(MINUTE);
      const mine2 = await createReferral(t, me.id, { talent: { full_name: 'Tan Wei Ming' } });
      await createReferral(t, other.id, { taskId: task, talent: { full_name: 'Someone Else' } });

      const res = await t.request('/api/recruiter/talent-task', { headers: me.headers });
      expect(res.status).toBe(200);
      const page = (await res.json()).data;
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((r: { id: number }) => r.id)).toEqual([mine2.id, mine1.id]);

      const byTask = await (
        await t.request(`/api/recruiter/talent-task?taskId=${task}`, { headers: me.headers })
      ).json();
      expect(byTask.data.items.map((r: { talentName: string }) => r.talentName)).toEqual(['Aisyah Rahman']);
      const bySearch = await (
        await t.request('/api/recruiter/talent-task?search=tan%20wei', { headers: me.headers })
      ).json();
      expect(bySearch.data.total).toBe(1);
      const confirmed = await (
        await t.request('/api/recruiter/talent-task?consent=CONFIRMED', { headers: me.headers })
      ).json();
      expect(confirmed.data).toMatchObject({ items: [], total: 0 });
      const bad = await t.request('/api/recruiter/talent-task?pageSize=7', { headers: me.headers });
      expect(bad.status).toBe(400);
    });

    it('shows my referral with its note, rating, links, call proofs and history', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id, { talent: { contact_locale: 'ms' } });
      const created = t.clock.now();
      const data = await detail(me.headers, referral.id);
      expect(data).toMatchObject({
        id: referral.id,
        talentId: referral.talentId,
        taskId: referral.taskId,
        talentEmail: referral.talentEmail,
        consentStatus: 'PENDING',
        itaStatus: 'NOT_SENT',
        recruiterNote: 'Strong Node.js background.',
        rating: 10,
        consentDecidedAt: null,
        itaDecidedAt: null,
        rewardReason: null,
        talentLocale: 'ms',
        consentSentAt: created.toISOString(),
        consentResendAt: new Date(created.getTime() + 10 * MINUTE).toISOString(),
        itaSentAt: null,
        itaResendAt: null,
        callProofList: [],
      });
      expect(data.history).toEqual([
        expect.objectContaining({ action: 'REFERRED', actorKind: 'RECRUITER', actorName: expect.any(String) }),
        expect.objectContaining({ action: 'CONSENT_SENT', actorKind: 'RECRUITER' }),
      ]);

      // Once the interval has passed, a resend is allowed now: no resend time.
      t.clock.advance(10 * MINUTE);
      expect((await detail(me.headers, referral.id)).consentResendAt).toBeNull();
    });

    it('names who made each change: the talent, an admin, or the system', async () => {
      const me = await signIn(t);
      const admin = await t.createUser({ roles: ['ROLE_ADMIN'] });
      const referral = await createReferral(t, me.id);
      expect((await answer('consent', referral.consentToken)).status).toBe(200);
      const at = t.clock.now().toISOString();
      await t.db
        .insertInto('referral_history')
        .values([
          {
            referral_id: referral.id,
            actor_id: admin.id,
            action: 'HIRING_CHANGED',
            from_value: 'SUBMITTED',
            to_value: 'SCREENING',
            note: null,
            created_at: at,
          },
          {
            referral_id: referral.id,
            actor_id: null,
            action: 'REWARD_CHANGED',
            from_value: null,
            to_value: 'NOT_VALID',
            note: null,
            created_at: at,
          },
        ])
        .execute();
      const history = (await detail(me.headers, referral.id)).history;
      expect(history.map((h: { action: string; actorKind: string }) => `${h.action}:${h.actorKind}`)).toEqual([
        'REFERRED:RECRUITER',
        'CONSENT_SENT:RECRUITER',
        'CONSENT_CHANGED:TALENT',
        'HIRING_CHANGED:ADMIN',
        'REWARD_CHANGED:SYSTEM',
      ]);
      expect(history[2]).toMatchObject({ fromValue: 'PENDING', toValue: 'CONFIRMED', actorName: null });
      expect(history[3].actorName).toBe('Test User 2');
    });
  });

  describe('access', () => {
    it("answers 404 for another recruiter's referral on every call, as if it did not exist", async () => {
      const owner = await signIn(t);
      const intruder = await signIn(t);
      const referral = await createReferral(t, owner.id);
      const proof = await t.request('/api/recruiter/talent-task/call-proof', {
        method: 'POST',
        headers: owner.headers,
        body: callProofForm(referral.id, t.clock.now()),
      });
      expect(proof.status).toBe(201);
      const proofId = (await proof.json()).data.id;
      t.clock.advance(10 * MINUTE);

      const missing = await t.request('/api/recruiter/talent-task/999999', { headers: intruder.headers });
      const calls = [
        await t.request(`/api/recruiter/talent-task/${referral.id}`, { headers: intruder.headers }),
        await t.request('/api/recruiter/talent-task/call-proof', {
          method: 'POST',
          headers: intruder.headers,
          body: callProofForm(referral.id, t.clock.now()),
        }),
        await t.request(`/api/recruiter/talent-task/call-proof/${proofId}`, {
          method: 'DELETE',
          headers: intruder.headers,
        }),
        await resendConsent(intruder.headers, referral.id),
        await sendIta(intruder.headers, referral.id),
      ];
      const missingBody = await missing.json();
      for (const res of calls) {
        expect(res.status).toBe(404);
        expect((await res.json()).error.code).toBe('NOT_FOUND');
      }
      expect(missingBody.error.code).toBe('NOT_FOUND');
      // Nothing happened to the owner's referral.
      expect(await t.db.selectFrom('call_proofs').select('id').execute()).toHaveLength(1);
      expect(
        await t.db.selectFrom('one_time_tokens').select('id').where('referral_id', '=', referral.id).execute(),
      ).toHaveLength(1);
    });

    it('asks for a login (401) and refuses an admin without the recruiter role (403)', async () => {
      const owner = await signIn(t);
      const admin = await signIn(t, { roles: ['ROLE_ADMIN'] });
      const referral = await createReferral(t, owner.id);
      const calls = (headers: Record<string, string>) => [
        t.request('/api/recruiter/talent-task', { headers }),
        t.request(`/api/recruiter/talent-task/${referral.id}`, { headers }),
        t.request('/api/recruiter/talent-task/call-proof', {
          method: 'POST',
          headers,
          body: callProofForm(referral.id, t.clock.now()),
        }),
        t.request('/api/recruiter/talent-task/call-proof/1', { method: 'DELETE', headers }),
        resendConsent(headers, referral.id),
        sendIta(headers, referral.id),
      ];
      for (const res of await Promise.all(calls({}))) expect(res.status).toBe(401);
      for (const res of await Promise.all(calls(admin.headers))) expect(res.status).toBe(403);
    });
  });

  // Issue 22, finding 11: a recruiter cannot have the platform e-mail addresses without end.
  describe('talent e-mails per recruiter', () => {
    it("refuses the 41st consent or ITA e-mail of an hour (429, nothing queued), not another recruiter's", async () => {
      const me = await signIn(t);
      const other = await signIn(t);
      const referrals: number[] = [];
      for (let i = 0; i < 41; i += 1) {
        referrals.push((await createReferral(t, me.id, { talent: { full_name: `Talent ${i}` } })).id);
      }
      t.clock.advance(11 * MINUTE);
      await refreshLogin(t, me);
      for (const id of referrals.slice(0, 40)) expect((await resendConsent(me.headers, id)).status).toBe(200);
      const queued = async () => (await t.db.selectFrom('email_outbox').select('id').execute()).length;
      const before = await queued();
      const refused = await resendConsent(me.headers, referrals[40] as number);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('RATE_LIMITED');
      expect(refused.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect(await queued()).toBe(before);

      const theirs = await createReferral(t, other.id);
      t.clock.advance(11 * MINUTE);
      await refreshLogin(t, other);
      expect((await resendConsent(other.headers, theirs.id)).status).toBe(200);

      t.clock.advance(60 * MINUTE);
      await refreshLogin(t, me);
      expect((await resendConsent(me.headers, referrals[40] as number)).status).toBe(200);
    });
  });

  describe('resend consent', () => {
    it('allows one resend per 10 minutes, counted from the last link sent', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);

      // The referral's creation sent the first link a moment ago.
      t.clock.advance(3 * MINUTE);
      const early = await resendConsent(me.headers, referral.id);
      expect(early.status).toBe(429);
      expect(early.headers.get('Retry-After')).toBe(String(7 * 60));
      expect((await early.json()).error).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/once every 10 minutes.*try again in 7 minutes/),
      });

      t.clock.advance(7 * MINUTE);
      const res = await resendConsent(me.headers, referral.id);
      expect(res.status).toBe(200);
      const sentAt = t.clock.now();
      expect((await res.json()).data).toEqual({
        sentAt: sentAt.toISOString(),
        resendAt: new Date(sentAt.getTime() + 10 * MINUTE).toISOString(),
      });

      t.clock.advance(9 * MINUTE + 30_000);
      await refreshLogin(t, me);
      const again = await resendConsent(me.headers, referral.id);
      expect(again.status).toBe(429);
      expect(again.headers.get('Retry-After')).toBe('30');
      expect((await again.json()).error.message).toMatch(/try again in 1 minute\./);

      t.clock.advance(30_000);
      expect((await resendConsent(me.headers, referral.id)).status).toBe(200);
    });

    it("sends a new link in the talent's language and the old link stops working", async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id, { talent: { contact_locale: 'zh' } });
      t.clock.advance(10 * MINUTE);
      expect((await resendConsent(me.headers, referral.id)).status).toBe(200);

      const mail = await lastEmail(t, 'consent_request');
      expect(mail).toMatchObject({ to_address: referral.talentEmail, locale: 'zh' });
      expect(mail.payload.link).toMatch(/^https:\/\/recruiter\.example\/zh\/talent\/consent\?token=/);
      const fresh = await lastToken(t);
      expect(fresh).not.toBe(referral.consentToken);

      const old = await t.request(`/api/public/consent?token=${referral.consentToken}`);
      expect((await old.json()).data.state).toBe('EXPIRED');
      expect((await answer('consent', referral.consentToken)).status).toBe(410);
      const current = await t.request(`/api/public/consent?token=${fresh}`);
      expect((await current.json()).data.state).toBe('OPEN');
      expect((await answer('consent', fresh)).status).toBe(200);

      const history = (await detail(me.headers, referral.id)).history.map((h: { action: string }) => h.action);
      expect(history).toEqual(['REFERRED', 'CONSENT_SENT', 'CONSENT_RESENT', 'CONSENT_CHANGED']);
    });

    it('refuses once the talent has answered', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);
      expect((await answer('consent', referral.consentToken, 'DECLINED')).status).toBe(200);
      t.clock.advance(10 * MINUTE);
      const res = await resendConsent(me.headers, referral.id);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/already answered/),
      });
    });

    it('validates the payload', async () => {
      const me = await signIn(t);
      const res = await t.request('/api/recruiter/talent-task/resend-consent', {
        method: 'POST',
        json: { referralId: 'abc' },
        headers: me.headers,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('intent to apply (ITA)', () => {
    it('is refused until the talent has confirmed consent', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id);
      const res = await sendIta(me.headers, referral.id);
      expect(res.status).toBe(409);
      expect((await res.json()).error.message).toBe('The talent has not confirmed consent yet.');

      expect((await answer('consent', referral.consentToken, 'DECLINED')).status).toBe(200);
      expect((await sendIta(me.headers, referral.id)).status).toBe(409);
      expect((await referralRow(referral.id)).ita_status).toBe('NOT_SENT');
    });

    it('is sent after consent, resent at most every 10 minutes, and confirmed by the talent', async () => {
      const me = await signIn(t, { locale: 'ms' });
      const referral = await createReferral(t, me.id, { talent: { contact_locale: 'ms' } });
      expect((await answer('consent', referral.consentToken)).status).toBe(200);

      // The consent link was sent just now: only earlier ITA links count towards the interval.
      const first = await sendIta(me.headers, referral.id);
      expect(first.status).toBe(200);
      expect((await referralRow(referral.id)).ita_status).toBe('SENT');
      const mail = await lastEmail(t, 'ita_request');
      expect(mail).toMatchObject({ to_address: referral.talentEmail, locale: 'ms' });
      expect(mail.payload.link).toMatch(/^https:\/\/recruiter\.example\/ms\/talent\/ita-success\?token=/);
      const firstToken = await lastToken(t, 'ita_request');

      const tooSoon = await sendIta(me.headers, referral.id);
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.headers.get('Retry-After')).toBe('600');

      t.clock.advance(10 * MINUTE);
      expect((await sendIta(me.headers, referral.id)).status).toBe(200);
      const token = await lastToken(t, 'ita_request');
      expect(token).not.toBe(firstToken);
      expect((await answer('ita', firstToken)).status).toBe(410);

      const view = await (await t.request(`/api/public/ita?token=${token}`)).json();
      expect(view.data).toMatchObject({ kind: 'ITA', state: 'OPEN' });
      expect((await answer('ita', token)).status).toBe(200);
      const row = await referralRow(referral.id);
      expect(row).toMatchObject({ ita_status: 'CONFIRMED', ita_decided_at: t.clock.now().toISOString() });

      const data = await detail(me.headers, referral.id);
      expect(data.itaStatus).toBe('CONFIRMED');
      expect(data.itaSentAt).toBe(t.clock.now().toISOString());
      expect(data.history.map((h: { action: string }) => h.action)).toEqual([
        'REFERRED',
        'CONSENT_SENT',
        'CONSENT_CHANGED',
        'ITA_SENT',
        'ITA_SENT',
        'ITA_CHANGED',
      ]);
      expect(data.history.at(-1)).toMatchObject({ fromValue: 'SENT', toValue: 'CONFIRMED', actorKind: 'TALENT' });

      t.clock.advance(10 * MINUTE);
      await refreshLogin(t, me);
      const after = await sendIta(me.headers, referral.id);
      expect(after.status).toBe(409);
      expect((await after.json()).error.message).toMatch(/already answered/);
    });
  });

  describe('closed referrals (hiring final or reward paid)', () => {
    const outboxCount = async () =>
      Number(
        (
          await t.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('template', 'in', ['consent_request', 'ita_request'])
            .executeTakeFirstOrThrow()
        ).n,
      );

    it.each([
      ['REJECTED', null],
      ['WITHDRAWN', null],
      ['HIRED', null],
      ['OFFERED', 'PAID'],
    ] as const)('refuses consent and ITA e-mails once hiring is %s (reward %s)', async (hiring, reward) => {
      const me = await signIn(t);
      const pending = await createReferral(t, me.id, {
        referral: { hiring_status: hiring, reward_status: reward, consent_status: 'PENDING' },
      });
      const confirmed = await createReferral(t, me.id, {
        referral: { hiring_status: hiring, reward_status: reward, consent_status: 'CONFIRMED' },
      });
      t.clock.advance(10 * MINUTE);
      const before = await outboxCount();

      for (const res of [await resendConsent(me.headers, pending.id), await sendIta(me.headers, confirmed.id)]) {
        expect(res.status).toBe(409);
        expect((await res.json()).error).toMatchObject({
          code: 'REFERRAL_CLOSED',
          message: 'This referral is closed: no more e-mails can be sent to the talent.',
        });
      }
      expect(await outboxCount()).toBe(before);
      expect((await referralRow(confirmed.id)).ita_status).toBe('NOT_SENT');
    });

    it('drops a consent e-mail still queued when the referral closes, and sends the ones that stay open', async () => {
      const me = await signIn(t);
      const closing = await createReferral(t, me.id, { referral: { hiring_status: 'SCREENING' } });
      const open = await createReferral(t, me.id, { referral: { hiring_status: 'SCREENING' } });
      t.clock.advance(10 * MINUTE);
      expect((await resendConsent(me.headers, closing.id)).status).toBe(200);
      expect((await resendConsent(me.headers, open.id)).status).toBe(200);
      // The admin rejects the first before the worker's next pass.
      await t.db.updateTable('referrals').set({ hiring_status: 'REJECTED' }).where('id', '=', closing.id).execute();

      const sent: string[] = [];
      const transport: MailTransport = {
        kind: 'smtp',
        async send(message) {
          sent.push(message.to);
        },
        close() {},
      };
      await processDueEmails(t.deps, transport);

      expect(sent).toContain(open.talentEmail);
      expect(sent).not.toContain(closing.talentEmail);
      const rows = await t.db
        .selectFrom('email_outbox')
        .select(['to_address', 'status'])
        .where('template', '=', 'consent_request')
        .execute();
      expect(rows).toContainEqual({ to_address: closing.talentEmail, status: 'CANCELLED' });
      expect(rows).toContainEqual({ to_address: open.talentEmail, status: 'SENT' });
    });

    it('still sends while the referral is open', async () => {
      const me = await signIn(t);
      const referral = await createReferral(t, me.id, { referral: { hiring_status: 'OFFERED' } });
      t.clock.advance(10 * MINUTE);
      expect((await resendConsent(me.headers, referral.id)).status).toBe(200);
    });
  });
});

/** A small valid call proof (a PNG) for the access checks; call-proof.test.ts covers the rest. */
function callProofForm(referralId: number, calledAt: Date): FormData {
  const form = new FormData();
  form.set('referralId', String(referralId));
  form.set('calledAt', calledAt.toISOString());
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
  form.set('file', new File([png], 'call.png', { type: 'image/png' }));
  return form;
}
