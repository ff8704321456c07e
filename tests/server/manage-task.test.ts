import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MyTaskCard, ReferralCounts } from '#src/shared/recruiter-types.ts';
import { insertMember, insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;

const noReferrals: ReferralCounts = {
  total: 0,
  consentPending: 0,
  consentConfirmed: 0,
  consentDeclined: 0,
  consentWithdrawn: 0,
  rewardInReview: 0,
  rewardApproved: 0,
  rewardNotRewarded: 0,
};

describe.each(DIALECTS)('manage task on %s', (dialect) => {
  let t: TestApp;
  let me: number;
  let other: number;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const user = await t.createUser({ email: 'rina@example.com' });
    me = user.id;
    other = (await t.createUser({ email: 'other@example.com' })).id;
    token = (await t.login(user.email)).accessToken;
  });
  afterEach(async () => {
    await t.close();
  });

  const fromNow = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const get = (path: string, accessToken = token) => t.request(path, { headers: bearer(accessToken) });
  const myTasks = async (query = '') => {
    const res = await get(`/api/recruiter/recruiter/task${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()).data as { items: MyTaskCard[]; page: number; pageSize: number; total: number };
  };
  const titles = async (query = '') => (await myTasks(query)).items.map((card) => card.title);

  describe('my tasks', () => {
    it('lists only the tasks I joined or was assigned', async () => {
      const joined = await insertTask(t, { title: 'Joined' });
      const assigned = await insertTask(t, { title: 'Assigned' });
      const theirs = await insertTask(t, { title: 'Theirs' });
      await insertTask(t, { title: 'Nobody' });
      await insertMember(t, me, joined);
      await insertMember(t, me, assigned, other);
      await insertMember(t, other, theirs);
      const page = await myTasks();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((c) => [c.title, c.joined])).toEqual([
        ['Assigned', true],
        ['Joined', true],
      ]);
    });

    it('shows a task I join on the board straight away', async () => {
      const id = await insertTask(t, { title: 'Barista' });
      expect(await titles()).toEqual([]);
      const res = await t.request(`/api/recruiter/task/${id}/join`, { method: 'POST', headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(await titles()).toEqual(['Barista']);
    });

    it('counts my referrals by consent and reward state, never those of other recruiters', async () => {
      const id = await insertTask(t, { quota: 10 });
      await insertMember(t, me, id);
      await insertMember(t, other, id);
      await referNewTalent(t, me, id, { consent_status: 'PENDING' });
      await referNewTalent(t, me, id, { consent_status: 'DECLINED' });
      await referNewTalent(t, me, id, { reward_status: 'APPROVED' });
      await referNewTalent(t, me, id, { reward_status: 'PAID' });
      await referNewTalent(t, me, id, { reward_status: 'REJECTED' });
      await referNewTalent(t, me, id, { reward_status: 'EXCEED_QUOTA' });
      for (let i = 0; i < 3; i++) await referNewTalent(t, other, id, { reward_status: 'PENDING_PAYMENT' });
      const [card] = (await myTasks()).items;
      expect(card?.counts).toEqual({
        total: 6,
        consentPending: 1,
        consentConfirmed: 4,
        consentDeclined: 1,
        consentWithdrawn: 0,
        rewardInReview: 2,
        rewardApproved: 2,
        rewardNotRewarded: 2,
      });
      // The quota is the task's, so everyone's rewarded referrals use it up.
      expect(card).toMatchObject({ quota: 10, quotaUsed: 5, quotaLeft: 5 });
    });

    it('gives each task its own counts, and zeros to a task without referrals', async () => {
      const a = await insertTask(t, { title: 'A' });
      const b = await insertTask(t, { title: 'B' });
      await insertMember(t, me, a);
      await insertMember(t, me, b);
      await referNewTalent(t, me, a);
      await referNewTalent(t, me, a);
      const counts = (await myTasks()).items.map((c) => [c.title, c.counts.total]);
      expect(counts).toEqual([
        ['B', 0],
        ['A', 2],
      ]);
      expect((await myTasks()).items[0]?.counts).toEqual(noReferrals);
    });

    it('applies the board filters: search, job type, status and sort', async () => {
      const ids = [
        await insertTask(t, { title: 'Barista', job_type: 'pt', reward_amount: 1_000 }),
        await insertTask(t, { title: 'Driver', job_type: 'ft', reward_amount: 20_000 }),
        await insertTask(t, { title: 'Closed cook', status: 'CLOSED' }),
        await insertTask(t, { title: 'Expired cleaner', expires_at: fromNow(-1) }),
      ];
      for (const id of ids) await insertMember(t, me, id);
      await insertTask(t, { title: 'Barista elsewhere' });
      expect(await titles()).toEqual(['Driver', 'Barista']);
      expect(await titles('search=barista')).toEqual(['Barista']);
      expect(await titles('jobType=pt')).toEqual(['Barista']);
      expect(await titles('status=closed')).toEqual(['Expired cleaner', 'Closed cook']);
      expect(await titles('status=all&sort=reward')).toEqual(['Driver', 'Expired cleaner', 'Closed cook', 'Barista']);
    });

    it('moves a joined task to closed when its deadline passes', async () => {
      const id = await insertTask(t, { expires_at: fromNow(10 * MINUTE) });
      await insertMember(t, me, id);
      expect((await myTasks()).total).toBe(1);
      t.clock.advance(10 * MINUTE);
      expect((await myTasks()).total).toBe(0);
      expect((await myTasks('status=closed')).items.map((c) => c.status)).toEqual(['EXPIRED']);
    });

    it('pages through my tasks', async () => {
      for (let i = 0; i < 12; i++)
        await insertMember(t, me, await insertTask(t, { title: `Job ${String(i + 1).padStart(2, '0')}` }));
      const second = await myTasks('page=2&pageSize=10');
      expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
      expect(second.items.map((c) => c.title)).toEqual(['Job 02', 'Job 01']);
    });

    it('shows the running promo bonus on my task cards', async () => {
      const id = await insertTask(t);
      await insertMember(t, me, id);
      const promoId = await insertPromo(t, [id], { bonus_amount: 2_500 });
      expect((await myTasks()).items[0]?.promo).toMatchObject({ promoId, amount: 2_500 });
      expect(await titles(`promoId=${promoId}`)).toHaveLength(1);
      expect(await titles(`promoId=${promoId + 1}`)).toEqual([]);
    });
  });

  describe('my task detail', () => {
    it('shows the task, my counts and my referrals to it, not those of others', async () => {
      const id = await insertTask(t, { title: 'Barista', required_skills: '["Latte art"]' });
      await insertMember(t, me, id);
      const first = await referNewTalent(t, me, id);
      const second = await referNewTalent(t, me, id, { reward_status: 'APPROVED' });
      await referNewTalent(t, other, id);
      await referNewTalent(t, me, await insertTask(t, { title: 'Elsewhere' }));
      const res = await get(`/api/recruiter/recruiter/task/${id}`);
      expect(res.status).toBe(200);
      const data = (await res.json()).data;
      expect(data.task).toMatchObject({ id, title: 'Barista', joined: true, requiredSkills: ['Latte art'] });
      expect(data.counts).toMatchObject({ total: 2, rewardApproved: 1, rewardInReview: 1 });
      expect(data.referrals.map((r: { id: number }) => r.id)).toEqual([second, first]);
      expect(data.referrals[0]).toMatchObject({
        taskId: id,
        taskTitle: 'Barista',
        consentStatus: 'CONFIRMED',
        rewardStatus: 'APPROVED',
        callProofs: { total: 0, needReview: 0, accepted: 0, rejected: 0 },
      });
    });

    it('shows a joined task with no referrals yet', async () => {
      const id = await insertTask(t);
      await insertMember(t, me, id);
      const data = (await (await get(`/api/recruiter/recruiter/task/${id}`)).json()).data;
      expect(data.counts).toEqual(noReferrals);
      expect(data.referrals).toEqual([]);
    });

    it('still shows a task I have referrals to after I was unassigned', async () => {
      const id = await insertTask(t);
      const referral = await referNewTalent(t, me, id);
      const res = await get(`/api/recruiter/recruiter/task/${id}`);
      expect(res.status).toBe(200);
      const data = (await res.json()).data;
      expect(data.task.joined).toBe(false);
      expect(data.referrals.map((r: { id: number }) => r.id)).toEqual([referral]);
    });

    it("answers 404 for another recruiter's task, a task I never joined and an unknown one", async () => {
      const theirs = await insertTask(t);
      await insertMember(t, other, theirs);
      await referNewTalent(t, other, theirs);
      const untouched = await insertTask(t);
      for (const id of [theirs, untouched, 9999]) {
        const res = await get(`/api/recruiter/recruiter/task/${id}`);
        expect(res.status).toBe(404);
        expect((await res.json()).error.code).toBe('NOT_FOUND');
      }
    });
  });

  describe('access and validation', () => {
    it('asks an anonymous caller to log in', async () => {
      const id = await insertTask(t);
      await insertMember(t, me, id);
      expect((await t.request('/api/recruiter/recruiter/task')).status).toBe(401);
      expect((await t.request(`/api/recruiter/recruiter/task/${id}`)).status).toBe(401);
    });

    it('refuses an admin who is not a recruiter', async () => {
      const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
      const adminToken = (await t.login(admin.email)).accessToken;
      const id = await insertTask(t);
      await insertMember(t, admin.id, id);
      for (const path of ['/api/recruiter/recruiter/task', `/api/recruiter/recruiter/task/${id}`]) {
        const res = await get(path, adminToken);
        expect(res.status).toBe(403);
        expect((await res.json()).error.code).toBe('FORBIDDEN');
      }
    });

    it('refuses a page size or sort outside the lists', async () => {
      const res = await get('/api/recruiter/recruiter/task?pageSize=7&sort=x');
      expect(res.status).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields).sort()).toEqual(['pageSize', 'sort']);
    });
  });
});
