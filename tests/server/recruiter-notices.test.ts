import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tinyPng } from '#src/server/db/demo/files.ts';
import { noticeExpiredConsentLinks, pruneExpired } from '#src/server/jobs/maintenance.ts';
import { type EmailPayload, renderEmail } from '#src/server/mail/templates.ts';
import { adminCaller, type Caller, call, caller, consentedReferral, emailsOf, ok } from './helpers/money-fixtures';
import { createReferral } from './helpers/referral-fixtures';
import { insertTask } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

// Issue 21: the recruiter hears about every decision on their referral, in their language, by an e-mail
// queued with the change itself.
describe.each(DIALECTS)('e-mails that tell the recruiter on %s', (dialect) => {
  let t: TestApp;
  let recruiter: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    recruiter = await caller(t, { email: 'rina@example.com', locale: 'ms' });
    await t.db.updateTable('users').set({ full_name: 'Rina Aziz' }).where('id', '=', recruiter.id).execute();
  });
  afterEach(async () => {
    await t.close();
  });

  describe('a consent link that expired unanswered', () => {
    const referTo = (title: string) =>
      insertTask(t, { title }).then((taskId) =>
        createReferral(t, recruiter.id, { taskId, talent: { full_name: 'Lee Chong Wei' } }),
      );

    it('is told exactly once per link, and not before it expires', async () => {
      const made = await referTo('Data Analyst');
      t.clock.advance(71 * HOUR);
      expect(await noticeExpiredConsentLinks(t.deps)).toBe(0);
      t.clock.advance(2 * HOUR);
      // Two instances at once, then a later run: one e-mail.
      const counts = await Promise.all([noticeExpiredConsentLinks(t.deps), noticeExpiredConsentLinks(t.deps)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await noticeExpiredConsentLinks(t.deps)).toBe(0);

      const mails = await emailsOf(t, 'consent_expired');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to_address: 'rina@example.com', locale: 'ms' });
      const written = renderEmail('consent_expired', 'ms', (mails[0]?.payload ?? {}) as EmailPayload);
      expect(written.subject).toBe('Pautan persetujuan tamat tempoh: Lee Chong Wei, Data Analyst');
      expect(written.text).toContain('Hai Rina Aziz');
      expect(written.html).toContain(`/ms/talents-folder/${made.talentId}/profile`);
    });

    it('stays silent for a link that was answered or replaced by a newer one', async () => {
      const answered = await referTo('Data Analyst');
      const res = await t.request('/api/public/consent', {
        method: 'POST',
        json: { token: answered.consentToken, decision: 'CONFIRMED' },
      });
      expect(res.status).toBe(200);
      const replaced = await referTo('QA Engineer');
      t.clock.advance(11 * 60_000); // a link can be resent once every 10 minutes
      const resent = await call(t, recruiter, 'POST', '/api/recruiter/talent-task/resend-consent', {
        referralId: replaced.id,
      });
      expect(resent.status, resent.text).toBe(200);
      t.clock.advance(73 * HOUR);
      // The resent link expired too: that one is news, once; the voided first link is not.
      expect(await noticeExpiredConsentLinks(t.deps)).toBe(1);
      expect(await emailsOf(t, 'consent_expired')).toHaveLength(1);
    });
  });

  it('keeps a used consent link while its consent may still be withdrawn, and prunes it after', async () => {
    const made = await createReferral(t, recruiter.id);
    await t.request('/api/public/consent', {
      method: 'POST',
      json: { token: made.consentToken, decision: 'CONFIRMED' },
    });
    t.clock.advance(40 * DAY);
    await pruneExpired(t.deps);
    const tokens = () => t.db.selectFrom('one_time_tokens').select('id').where('kind', '=', 'CONSENT').execute();
    expect(await tokens()).toHaveLength(1);
    await t.db.updateTable('referrals').set({ hiring_status: 'REJECTED' }).where('id', '=', made.id).execute();
    await pruneExpired(t.deps);
    expect(await tokens()).toHaveLength(0);
  });

  it('tells the recruiter of a rejected call proof, with the reason, and nothing for an accepted one', async () => {
    const admin = await adminCaller(t);
    const referralId = await consentedReferral(t, recruiter.id, await insertTask(t, { title: 'Data Analyst' }));
    const upload = async () => {
      const body = new FormData();
      body.set('referralId', String(referralId));
      body.set('calledAt', new Date(t.clock.now().getTime() - HOUR).toISOString());
      body.set('file', new File([new Uint8Array(tinyPng(3))], 'call.png', { type: 'image/png' }));
      const res = await t.request('/api/recruiter/talent-task/call-proof', {
        method: 'POST',
        headers: bearer(recruiter.token),
        body,
      });
      expect(res.status).toBe(201);
      return ((await res.json()).data as { id: number }).id;
    };
    const review = (id: number, json: unknown) =>
      ok(call(t, admin, 'POST', `/api/admin/referrals/call-proofs/${id}/review`, json));

    await review(await upload(), { decision: 'ACCEPTED' });
    expect(await emailsOf(t, 'call_proof_rejected')).toHaveLength(0);
    await review(await upload(), { decision: 'REJECTED', reason: 'The screenshot shows no call.' });

    const mails = await emailsOf(t, 'call_proof_rejected');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: 'rina@example.com', locale: 'ms' });
    const written = renderEmail('call_proof_rejected', 'ms', (mails[0]?.payload ?? {}) as EmailPayload);
    expect(written.subject).toMatch(/^Bukti panggilan tidak diterima: /);
    expect(written.text).toContain('Sebab: The screenshot shows no call.');
    expect(written.text).toContain('Data Analyst');
  });
});
