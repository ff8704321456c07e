import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ListPage } from '#src/shared/api-response.ts';
import type { EarningReferral, EarningSummary, MyPayment } from '#src/shared/earning-types.ts';
import { insertPayment } from './helpers/money-rows';
import { insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Earning (issue 5): the signed-in recruiter's rewards by status, the non-rewarded outcomes with their
// reasons, rewards per month, and payments. The clock reads 2026-11-22T02:00Z (10:00 in Kuala Lumpur).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(DIALECTS)('earning on %s', (dialect) => {
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
  const data = async <T>(path: string, token = me.token) => {
    const res = await get(path, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).data as T;
  };
  const summary = () => data<EarningSummary>('/api/recruiter/earning');
  const referrals = (query = '') => data<ListPage<EarningReferral>>(`/api/recruiter/earning/referrals${query}`);
  const payments = (query = '') => data<ListPage<MyPayment>>(`/api/recruiter/earning/payments${query}`);

  /** A referral of mine (or `recruiterId`'s) with its reward decided `decidedAt`. */
  const decided = (
    taskId: number,
    status: string,
    values: { amount?: number; currency?: string; reason?: string; decidedAt?: string; recruiterId?: number } = {},
  ) =>
    referNewTalent(t, values.recruiterId ?? me.id, taskId, {
      reward_status: status,
      reward_amount: values.amount ?? null,
      reward_currency: values.amount === undefined ? null : (values.currency ?? 'MYR'),
      reward_reason: values.reason ?? null,
      reward_decided_by: admin.id,
      reward_decided_at: values.decidedAt ?? at(-HOUR),
    });

  describe('who may call', () => {
    const paths = ['/api/recruiter/earning', '/api/recruiter/earning/referrals', '/api/recruiter/earning/payments'];

    it('asks anonymous callers to log in', async () => {
      for (const path of paths) expect((await get(path)).status, path).toBe(401);
    });

    it('is for recruiters only: an admin has no earning of their own', async () => {
      for (const path of paths) expect((await get(path, admin.token)).status, path).toBe(403);
      for (const path of paths) expect((await get(path, me.token)).status, path).toBe(200);
    });
  });

  describe('the summary', () => {
    it('sums my rewards per status and currency, counts the other outcomes, and never counts anyone else', async () => {
      const task = await insertTask(t);
      await decided(task, 'APPROVED', { amount: 10_000 });
      await decided(task, 'APPROVED', { amount: 15_000 });
      await decided(task, 'APPROVED', { amount: 5_000, currency: 'SGD' });
      const pending = await decided(task, 'APPROVED', { amount: 20_000 });
      await insertPayment(t, { recruiterId: me.id, createdBy: admin.id, referralIds: [pending] });
      const paid = await decided(task, 'APPROVED', { amount: 30_000 });
      await insertPayment(t, {
        recruiterId: me.id,
        createdBy: admin.id,
        referralIds: [paid],
        paidAt: at(-HOUR),
        reference: 'TRX-1',
      });
      await decided(task, 'REJECTED', { reason: 'Duplicate CV' });
      await decided(task, 'REJECTED', { reason: 'Wrong person' });
      await decided(task, 'NOT_VALID', { reason: 'No call' });
      await decided(task, 'EXCEED_QUOTA');
      await referNewTalent(t, me.id, task, { consent_status: 'CONFIRMED' });
      await decided(task, 'APPROVED', { amount: 99_900, recruiterId: other.id });
      await decided(task, 'INELIGIBLE', { recruiterId: other.id });

      const answer = await summary();
      expect(answer.totals).toEqual([
        {
          status: 'APPROVED',
          count: 3,
          amounts: [
            { currency: 'MYR', amount: 25_000 },
            { currency: 'SGD', amount: 5_000 },
          ],
        },
        { status: 'PENDING_PAYMENT', count: 1, amounts: [{ currency: 'MYR', amount: 20_000 }] },
        { status: 'PAID', count: 1, amounts: [{ currency: 'MYR', amount: 30_000 }] },
      ]);
      expect(answer.outcomes).toEqual([
        { status: 'REJECTED', count: 2 },
        { status: 'INELIGIBLE', count: 0 },
        { status: 'NOT_VALID', count: 1 },
        { status: 'EXCEED_QUOTA', count: 1 },
      ]);
      expect(answer.inReview).toBe(1);
    });

    it('charts twelve months of rewards by the month they were decided in, in my time zone', async () => {
      const task = await insertTask(t);
      await decided(task, 'APPROVED', { amount: 10_000, decidedAt: '2026-10-31T17:00:00.000Z' }); // 1 Nov, 01:00 KL
      await decided(task, 'PAID', { amount: 20_000, decidedAt: '2026-10-31T15:59:59.000Z' }); // 31 Oct, 23:59 KL
      await decided(task, 'PENDING_PAYMENT', { amount: 4_000, currency: 'SGD', decidedAt: '2025-12-05T00:00:00.000Z' });
      await decided(task, 'APPROVED', { amount: 7_000, decidedAt: '2025-11-15T00:00:00.000Z' }); // 13 months ago
      await decided(task, 'REJECTED', { decidedAt: at(-HOUR) });

      const { months, timeZone } = await summary();
      expect(timeZone).toBe('Asia/Kuala_Lumpur');
      expect(months).toHaveLength(12);
      expect(months[0]).toEqual({ month: '2025-12', count: 1, amounts: [{ currency: 'SGD', amount: 4_000 }] });
      expect(months[10]).toEqual({ month: '2026-10', count: 1, amounts: [{ currency: 'MYR', amount: 20_000 }] });
      expect(months[11]).toEqual({ month: '2026-11', count: 1, amounts: [{ currency: 'MYR', amount: 10_000 }] });
      expect(months.slice(1, 10).every((month) => month.count === 0 && month.amounts.length === 0)).toBe(true);
    });
  });

  describe('my decided referrals', () => {
    it('lists them newest decision first with amount, reason and the payment reference', async () => {
      const task = await insertTask(t, { title: 'Route Planner', code: 'T-000777' });
      const paid = await decided(task, 'APPROVED', { amount: 30_000, decidedAt: at(-3 * DAY) });
      const paymentId = await insertPayment(t, {
        recruiterId: me.id,
        createdBy: admin.id,
        referralIds: [paid],
        paidAt: at(-DAY),
        reference: 'MBB-2026-11-001',
      });
      const rejected = await decided(task, 'REJECTED', { reason: 'Duplicate CV', decidedAt: at(-2 * DAY) });
      await referNewTalent(t, me.id, task); // in review: not decided, not listed
      await decided(task, 'APPROVED', { amount: 1, recruiterId: other.id });

      const page = await referrals();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items).toEqual([
        expect.objectContaining({
          id: rejected,
          taskId: task,
          taskCode: 'T-000777',
          taskTitle: 'Route Planner',
          rewardStatus: 'REJECTED',
          amount: null,
          currency: null,
          reason: 'Duplicate CV',
          decidedAt: at(-2 * DAY),
          payment: null,
        }),
        expect.objectContaining({
          id: paid,
          rewardStatus: 'PAID',
          amount: 30_000,
          currency: 'MYR',
          payment: { id: paymentId, status: 'PAID', reference: 'MBB-2026-11-001', paidAt: at(-DAY) },
        }),
      ]);
    });

    it('filters by reward status or its group, by task and by month in my time zone', async () => {
      const planner = await insertTask(t);
      const driver = await insertTask(t);
      const approved = await decided(planner, 'APPROVED', { amount: 10_000, decidedAt: '2026-10-31T17:00:00.000Z' });
      const rejected = await decided(planner, 'REJECTED', { decidedAt: '2026-10-31T15:59:59.000Z' });
      const invalid = await decided(driver, 'NOT_VALID', { decidedAt: at(-HOUR) });
      const paid = await decided(driver, 'PAID', { amount: 5_000, decidedAt: at(-2 * HOUR) });
      const ids = async (query: string) => (await referrals(query)).items.map((item) => item.id);

      expect(await ids('?status=REWARDED')).toEqual([paid, approved]);
      expect(await ids('?status=NOT_REWARDED')).toEqual([invalid, rejected]);
      expect(await ids('?status=REJECTED')).toEqual([rejected]);
      expect(await ids(`?taskId=${driver}`)).toEqual([invalid, paid]);
      expect(await ids('?month=2026-11')).toEqual([invalid, paid, approved]);
      expect(await ids('?month=2026-10')).toEqual([rejected]);
      expect(await ids(`?month=2026-11&status=REWARDED&taskId=${planner}`)).toEqual([approved]);
    });

    it('pages through them and refuses filters that do not exist', async () => {
      const task = await insertTask(t);
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1)
        ids.push(await decided(task, 'APPROVED', { amount: 100, decidedAt: at(-i * HOUR) }));
      const second = await referrals('?page=2&pageSize=10');
      expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
      expect(second.items.map((item) => item.id)).toEqual(ids.slice(10));

      for (const query of ['?status=IN_REVIEW', '?month=2026-13', '?month=November', '?pageSize=15', '?taskId=abc']) {
        const res = await get(`/api/recruiter/earning/referrals${query}`, me.token);
        expect(res.status, query).toBe(400);
      }
    });
  });

  describe('my payments', () => {
    it('lists my payments newest first with status, amount, reference and paid date', async () => {
      const task = await insertTask(t);
      const first = await decided(task, 'APPROVED', { amount: 10_000 });
      const second = await decided(task, 'APPROVED', { amount: 15_000 });
      const third = await decided(task, 'APPROVED', { amount: 20_000 });
      const paidId = await insertPayment(t, {
        recruiterId: me.id,
        createdBy: admin.id,
        referralIds: [first, second],
        paidAt: at(-DAY),
        reference: 'MBB-001',
        createdAt: at(-2 * DAY),
      });
      const pendingId = await insertPayment(t, {
        recruiterId: me.id,
        createdBy: admin.id,
        referralIds: [third],
        createdAt: at(-HOUR),
      });
      const theirs = await decided(task, 'APPROVED', { amount: 1, recruiterId: other.id });
      await insertPayment(t, { recruiterId: other.id, createdBy: admin.id, referralIds: [theirs], paidAt: at(-HOUR) });

      const page = await payments();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items).toEqual([
        {
          id: pendingId,
          status: 'PENDING',
          amount: 20_000,
          currency: 'MYR',
          withholdingRate: null,
          withheld: 0,
          net: 20_000,
          reference: null,
          paidAt: null,
          createdAt: at(-HOUR),
          referralCount: 1,
        },
        {
          id: paidId,
          status: 'PAID',
          amount: 25_000,
          currency: 'MYR',
          withholdingRate: null,
          withheld: 0,
          net: 25_000,
          reference: 'MBB-001',
          paidAt: at(-DAY),
          createdAt: at(-2 * DAY),
          referralCount: 2,
        },
      ]);
      const theirPayments = await data<ListPage<MyPayment>>('/api/recruiter/earning/payments', other.token);
      expect(theirPayments.total).toBe(1);
    });
  });
});
