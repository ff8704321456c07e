import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminDashboard, RecruiterDashboard } from '#src/shared/dashboard-types.ts';
import { hire, insertCallProof, insertConsentLink, insertPayment } from './helpers/money-rows';
import { insertMember, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The dashboard (issue 5): the recruiter's "what to do next" and numbers per month, and the platform's
// numbers for admins. The clock reads 2026-11-22T02:00Z, 10:00 on a Sunday in Kuala Lumpur.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

describe.each(DIALECTS)('dashboard on %s', (dialect) => {
  let t: TestApp;
  let me: { id: number; token: string };
  let other: { id: number; token: string };
  let admin: { id: number; token: string };
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const signIn = async (email: string, roles = ['ROLE_RECRUITER']) => {
      const user = await t.createUser({ email, roles });
      return { id: user.id, token: (await t.login(email)).accessToken };
    };
    me = await signIn('rina@example.com');
    other = await signIn('other@example.com');
    admin = await signIn('admin@example.com', ['ROLE_ADMIN']);
  });
  afterEach(async () => {
    await t.close();
  });

  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const get = (path: string, token?: string) => t.request(path, { headers: token ? bearer(token) : {} });
  const myDashboard = async (token = me.token) => {
    const res = await get('/api/recruiter/dashboard', token);
    expect(res.status).toBe(200);
    return (await res.json()).data as RecruiterDashboard;
  };
  const adminNumbers = async () => {
    const res = await get('/api/admin/dashboard', admin.token);
    expect(res.status).toBe(200);
    return (await res.json()).data as AdminDashboard;
  };

  describe('who may call', () => {
    it('asks anonymous callers to log in', async () => {
      expect((await get('/api/recruiter/dashboard')).status).toBe(401);
      expect((await get('/api/admin/dashboard')).status).toBe(401);
    });

    it("keeps the platform's numbers from recruiters and a recruiter's from admins", async () => {
      expect((await get('/api/admin/dashboard', me.token)).status).toBe(403);
      expect((await get('/api/recruiter/dashboard', admin.token)).status).toBe(403);
      expect((await get('/api/recruiter/dashboard', me.token)).status).toBe(200);
      expect((await get('/api/admin/dashboard', admin.token)).status).toBe(200);
    });
  });

  describe('what to do next', () => {
    it('lists the five oldest of my referrals waiting for consent, with the total and when the link went out', async () => {
      const task = await insertTask(t, { title: 'Route Planner' });
      const ids: number[] = [];
      for (let i = 7; i >= 1; i -= 1) ids.push(await referNewTalent(t, me.id, task, { created_at: at(-i * DAY) }));
      // The oldest one's link was resent yesterday, so it is still valid; the others went out long ago.
      await insertConsentLink(t, ids[0] as number, at(-DAY));
      await insertConsentLink(t, ids[1] as number, at(-6 * DAY));
      await referNewTalent(t, me.id, task, { consent_status: 'CONFIRMED', created_at: at(-9 * DAY) });
      await referNewTalent(t, me.id, task, { hiring_status: 'WITHDRAWN', created_at: at(-9 * DAY) });
      await referNewTalent(t, other.id, task, { created_at: at(-9 * DAY) });

      const { consentWaiting } = (await myDashboard()).todo;
      expect(consentWaiting.total).toBe(7);
      expect(consentWaiting.items.map((item) => item.referralId)).toEqual(ids.slice(0, 5));
      expect(consentWaiting.items[0]).toMatchObject({ taskId: task, taskTitle: 'Route Planner', sentAt: at(-DAY) });
      expect(consentWaiting.items[0]?.linkExpired).toBe(false);
      expect(consentWaiting.items[1]).toMatchObject({ sentAt: at(-6 * DAY), linkExpired: true });
      // Without a link on record, the referral's own time stands in.
      expect(consentWaiting.items[2]).toMatchObject({ sentAt: at(-5 * DAY), linkExpired: true });
    });

    it('lists my referrals whose latest call proof was rejected, with the reason, while the reward is open', async () => {
      const task = await insertTask(t);
      const rejected = await referNewTalent(t, me.id, task);
      const proof = await insertCallProof(t, rejected, { status: 'REJECTED', reason: 'The call is too short.' });
      const replaced = await referNewTalent(t, me.id, task);
      await insertCallProof(t, replaced, { status: 'REJECTED', reason: 'Blurry', at: at(-2 * HOUR) });
      await insertCallProof(t, replaced, { status: 'NEED_REVIEW', at: at(-HOUR) });
      const decided = await referNewTalent(t, me.id, task, { reward_status: 'NOT_VALID' });
      await insertCallProof(t, decided, { status: 'REJECTED', reason: 'No call' });
      const accepted = await referNewTalent(t, me.id, task);
      await insertCallProof(t, accepted, { status: 'ACCEPTED' });
      const theirs = await referNewTalent(t, other.id, task);
      await insertCallProof(t, theirs, { status: 'REJECTED', reason: 'Not theirs to see' });

      const { rejectedCallProofs } = (await myDashboard()).todo;
      expect(rejectedCallProofs.total).toBe(1);
      expect(rejectedCallProofs.items).toEqual([
        expect.objectContaining({ callProofId: proof, referralId: rejected, reason: 'The call is too short.' }),
      ]);
    });

    it('lists my open tasks whose deadline is within seven days, soonest first, with my referrals to each', async () => {
      const inTwoDays = await insertTask(t, { title: 'Two days', expires_at: at(2 * DAY) });
      const inSixDays = await insertTask(t, { title: 'Six days', expires_at: at(6 * DAY) });
      const inEightDays = await insertTask(t, { title: 'Eight days', expires_at: at(8 * DAY) });
      const expired = await insertTask(t, { title: 'Expired', expires_at: at(-HOUR) });
      const closed = await insertTask(t, { title: 'Closed', status: 'CLOSED', expires_at: at(DAY) });
      const noDeadline = await insertTask(t, { title: 'No deadline' });
      await insertTask(t, { title: 'Not mine', expires_at: at(DAY) });
      for (const task of [inSixDays, inTwoDays, inEightDays, expired, closed, noDeadline]) {
        await insertMember(t, me.id, task);
      }
      await referNewTalent(t, me.id, inTwoDays);
      await referNewTalent(t, other.id, inTwoDays);

      const { closingSoon } = (await myDashboard()).todo;
      expect(closingSoon.total).toBe(2);
      expect(closingSoon.items.map((item) => [item.title, item.myReferrals])).toEqual([
        ['Two days', 1],
        ['Six days', 0],
      ]);
      expect(closingSoon.items[0]).toMatchObject({ taskId: inTwoDays, expiresAt: at(2 * DAY) });
    });

    it('has nothing to do for a new recruiter', async () => {
      const dashboard = await myDashboard();
      expect(dashboard.todo).toEqual({
        consentWaiting: { total: 0, items: [] },
        rejectedCallProofs: { total: 0, items: [] },
        closingSoon: { total: 0, items: [] },
        halfAdded: { total: 0 },
      });
      expect(dashboard.months.map((month) => month.month)).toEqual(MONTHS);
      expect(dashboard.thisMonth).toEqual({ month: '2026-11', referrals: 0, consents: 0, hires: 0, earnings: [] });
    });
  });

  describe('my numbers', () => {
    it('counts referrals, consents, hires and rewards by the month they happened in, in my time zone', async () => {
      const task = await insertTask(t);
      // 01:00 on 1 November in Kuala Lumpur, though still October in UTC.
      const novemberFirst = '2026-10-31T17:00:00.000Z';
      const octoberLast = '2026-10-31T15:59:59.000Z';
      await referNewTalent(t, me.id, task, { created_at: novemberFirst });
      await referNewTalent(t, me.id, task, { created_at: octoberLast });
      await referNewTalent(t, me.id, task, { created_at: '2026-06-01T00:00:00.000Z' });
      await referNewTalent(t, me.id, task, { created_at: '2026-05-31T15:00:00.000Z' }); // 23:00 in KL: too old
      const hired = await referNewTalent(t, me.id, task, {
        created_at: '2026-09-10T00:00:00.000Z',
        consent_status: 'CONFIRMED',
        consent_decided_at: novemberFirst,
        reward_status: 'APPROVED',
        reward_amount: 15_000,
        reward_currency: 'MYR',
        reward_decided_at: at(-HOUR),
      });
      await hire(t, hired, at(-2 * HOUR));
      await referNewTalent(t, me.id, task, {
        created_at: '2026-09-10T00:00:00.000Z',
        consent_status: 'CONFIRMED',
        consent_decided_at: octoberLast,
        reward_status: 'PAID',
        reward_amount: 10_000,
        reward_currency: 'MYR',
        reward_decided_at: novemberFirst,
      });
      await referNewTalent(t, me.id, task, {
        created_at: '2026-09-10T00:00:00.000Z',
        consent_decided_at: '2026-09-11T00:00:00.000Z',
        reward_status: 'PENDING_PAYMENT',
        reward_amount: 5_000,
        reward_currency: 'SGD',
        reward_decided_at: at(-DAY),
      });
      await referNewTalent(t, me.id, task, {
        created_at: '2026-09-10T00:00:00.000Z',
        consent_decided_at: '2026-09-11T00:00:00.000Z',
        reward_status: 'APPROVED',
        reward_amount: 20_000,
        reward_currency: 'MYR',
        reward_decided_at: octoberLast,
      });
      await referNewTalent(t, me.id, task, {
        created_at: '2026-09-10T00:00:00.000Z',
        consent_decided_at: '2026-09-11T00:00:00.000Z',
        reward_status: 'REJECTED',
        reward_reason: 'Duplicate CV',
        reward_decided_at: at(-HOUR),
      });
      // Another recruiter's month is never mine.
      const theirs = await referNewTalent(t, other.id, task, {
        consent_status: 'CONFIRMED',
        reward_status: 'APPROVED',
        reward_amount: 99_900,
        reward_currency: 'MYR',
        reward_decided_at: at(-HOUR),
      });
      await hire(t, theirs, at(-HOUR));

      const dashboard = await myDashboard();
      expect(dashboard.timeZone).toBe('Asia/Kuala_Lumpur');
      expect(dashboard.thisMonth).toEqual({
        month: '2026-11',
        referrals: 1,
        consents: 1,
        hires: 1,
        earnings: [
          { currency: 'MYR', amount: 25_000 },
          { currency: 'SGD', amount: 5_000 },
        ],
      });
      expect(dashboard.months.map((m) => [m.month, m.referrals, m.consents, m.hires])).toEqual([
        ['2026-06', 1, 0, 0],
        ['2026-07', 0, 0, 0],
        ['2026-08', 0, 0, 0],
        ['2026-09', 5, 3, 0],
        ['2026-10', 1, 1, 0],
        ['2026-11', 1, 1, 1],
      ]);
      expect(dashboard.months[4]?.earnings).toEqual([{ currency: 'MYR', amount: 20_000 }]);
    });

    it('counts the months in the time zone I chose on my account', async () => {
      await t.db.updateTable('users').set({ timezone: 'Europe/London' }).where('id', '=', me.id).execute();
      const task = await insertTask(t);
      await referNewTalent(t, me.id, task, { created_at: '2026-10-31T17:00:00.000Z' });
      const dashboard = await myDashboard();
      expect(dashboard.timeZone).toBe('Europe/London');
      expect(dashboard.thisMonth.referrals).toBe(0);
      expect(dashboard.months[4]).toMatchObject({ month: '2026-10', referrals: 1 });
    });
  });

  describe("the platform's numbers", () => {
    it('counts active recruiters, open tasks and the work waiting for admins', async () => {
      await t.createUser({ email: 'gone@example.com', status: 'DEACTIVATE' });
      await t.createUser({ email: 'both@example.com', roles: ['ROLE_RECRUITER', 'ROLE_ADMIN'] });
      const open = await insertTask(t);
      await insertTask(t, { expires_at: at(DAY) });
      await insertTask(t, { expires_at: at(-DAY) });
      await insertTask(t, { status: 'CLOSED' });

      const waiting = await referNewTalent(t, me.id, open, { consent_status: 'CONFIRMED' });
      await insertCallProof(t, waiting, { status: 'NEED_REVIEW' });
      await insertCallProof(t, waiting, { status: 'REJECTED' });
      const pending = await referNewTalent(t, other.id, open);
      await insertCallProof(t, pending, { status: 'NEED_REVIEW' });
      await referNewTalent(t, other.id, open, { consent_status: 'CONFIRMED' });
      const rewarded = (amount: number, currency = 'MYR', status = 'APPROVED') =>
        referNewTalent(t, me.id, open, {
          reward_status: status,
          reward_amount: amount,
          reward_currency: currency,
          reward_decided_at: at(-DAY),
        });
      await rewarded(10_000);
      await rewarded(15_000);
      await rewarded(7_000, 'SGD');
      const inPayment = await rewarded(20_000);
      await insertPayment(t, { recruiterId: me.id, createdBy: admin.id, referralIds: [inPayment] });
      const paidThisMonth = await rewarded(30_000);
      await insertPayment(t, {
        recruiterId: me.id,
        createdBy: admin.id,
        referralIds: [paidThisMonth],
        paidAt: '2026-10-31T17:00:00.000Z',
        reference: 'TRX-1',
      });
      const paidInOctober = await rewarded(40_000);
      await insertPayment(t, {
        recruiterId: other.id,
        createdBy: admin.id,
        referralIds: [paidInOctober],
        paidAt: '2026-10-31T15:00:00.000Z',
        reference: 'TRX-0',
      });

      const dashboard = await adminNumbers();
      expect(dashboard.current).toEqual({
        activeRecruiters: 3,
        openTasks: 2,
        callProofsToReview: 2,
        rewardsInReview: 2,
        approvedUnpaid: [
          { currency: 'MYR', amount: 25_000 },
          { currency: 'SGD', amount: 7_000 },
        ],
        pendingPayment: [{ currency: 'MYR', amount: 20_000 }],
      });
      expect(dashboard.thisMonth.paid).toEqual([{ currency: 'MYR', amount: 30_000 }]);
      expect(dashboard.months[4]?.paid).toEqual([{ currency: 'MYR', amount: 40_000 }]);
    });

    it("counts every recruiter's referrals, consents and hires per month in the admin's time zone", async () => {
      const task = await insertTask(t);
      await referNewTalent(t, me.id, task, { created_at: '2026-10-31T17:00:00.000Z' });
      await referNewTalent(t, other.id, task, { created_at: at(-HOUR) });
      const consented = await referNewTalent(t, other.id, task, {
        created_at: '2026-08-15T00:00:00.000Z',
        consent_status: 'CONFIRMED',
        consent_decided_at: '2026-09-01T00:00:00.000Z',
      });
      await hire(t, consented, '2026-10-02T00:00:00.000Z');
      // A hire long ago is out of the six months.
      const old = await referNewTalent(t, me.id, task, { created_at: '2025-01-01T00:00:00.000Z' });
      await hire(t, old, '2025-02-01T00:00:00.000Z');

      const dashboard = await adminNumbers();
      expect(dashboard.months.map((m) => [m.month, m.referrals, m.consents, m.hires])).toEqual([
        ['2026-06', 0, 0, 0],
        ['2026-07', 0, 0, 0],
        ['2026-08', 1, 0, 0],
        ['2026-09', 0, 1, 0],
        ['2026-10', 0, 0, 1],
        ['2026-11', 2, 0, 0],
      ]);
      expect(dashboard.thisMonth).toMatchObject({ month: '2026-11', referrals: 2, paid: [] });
    });
  });
});
