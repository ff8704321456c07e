import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TaskCard } from '#src/shared/recruiter-types.ts';
import { countStatements } from './helpers/count-statements';
import { insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe.each(DIALECTS)('task board on %s', (dialect) => {
  let t: TestApp;
  let me: number;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const user = await t.createUser({ email: 'rina@example.com' });
    me = user.id;
    token = (await t.login(user.email)).accessToken;
  });
  afterEach(async () => {
    await t.close();
  });

  const fromNow = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const get = (path: string, accessToken = token) => t.request(path, { headers: bearer(accessToken) });
  const board = async (query = '') => {
    const res = await get(`/api/recruiter/task${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()).data as { items: TaskCard[]; page: number; pageSize: number; total: number };
  };
  const titles = async (query = '') => (await board(query)).items.map((card) => card.title);
  const join = (id: number) => t.request(`/api/recruiter/task/${id}/join`, { method: 'POST', headers: bearer(token) });

  describe('listing', () => {
    it('shows open tasks as cards, newest first, with everything a card needs', async () => {
      const id = await insertTask(t, { title: 'Barista', is_critical: 1, expires_at: '2026-12-01T00:00:00.000Z' });
      await insertTask(t, { title: 'Cashier' });
      const page = await board();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((c) => c.title)).toEqual(['Cashier', 'Barista']);
      expect(page.items[1]).toEqual({
        id,
        code: 'T-000001',
        title: 'Barista',
        company: 'Acme Sdn Bhd',
        jobType: 'ft',
        isCritical: true,
        location: 'Kuala Lumpur',
        country: 'MY',
        salaryMin: 300_000,
        salaryMax: 500_000,
        salaryCurrency: 'MYR',
        rewardAmount: 10_000,
        rewardCurrency: 'MYR',
        promo: null,
        quota: 5,
        quotaUsed: 0,
        quotaLeft: 5,
        status: 'OPEN',
        expiresAt: '2026-12-01T00:00:00.000Z',
        createdAt: expect.any(String),
        joined: false,
      });
    });

    it('searches title, company, code and location, ignoring case', async () => {
      await insertTask(t, { title: 'Senior Barista' });
      await insertTask(t, { title: 'Driver', company: 'Grab Malaysia' });
      await insertTask(t, { title: 'Cook', location: 'Penang' });
      await insertTask(t, { title: 'Cleaner', code: 'X-42' });
      expect(await titles('search=barista')).toEqual(['Senior Barista']);
      expect(await titles('search=GRAB')).toEqual(['Driver']);
      expect(await titles('search=penang')).toEqual(['Cook']);
      expect(await titles('search=x-42')).toEqual(['Cleaner']);
      expect(await titles('search=nothing-like-this')).toEqual([]);
    });

    it('treats % and _ in a search as plain characters', async () => {
      await insertTask(t, { title: '100% commission' });
      await insertTask(t, { title: '100 ringgit' });
      expect(await titles('search=100%25')).toEqual(['100% commission']);
      expect(await titles('search=_')).toEqual([]);
    });

    it('filters by job type, and an empty job type shows all', async () => {
      await insertTask(t, { title: 'Full', job_type: 'ft' });
      await insertTask(t, { title: 'Part', job_type: 'pt' });
      await insertTask(t, { title: 'Intern', job_type: 'intern' });
      expect(await titles('jobType=pt')).toEqual(['Part']);
      expect(await titles('jobType=intern')).toEqual(['Intern']);
      expect(await titles('jobType=')).toEqual(['Intern', 'Part', 'Full']);
    });

    it('shows open tasks by default, closed and expired ones under closed, and everything under all', async () => {
      await insertTask(t, { title: 'Open' });
      await insertTask(t, { title: 'Closed', status: 'CLOSED' });
      await insertTask(t, { title: 'Expired', expires_at: fromNow(-1) });
      await insertTask(t, { title: 'Open until tomorrow', expires_at: fromNow(DAY) });
      expect(await titles()).toEqual(['Open until tomorrow', 'Open']);
      expect(await titles('status=open')).toEqual(['Open until tomorrow', 'Open']);
      expect(await titles('status=closed')).toEqual(['Expired', 'Closed']);
      expect(await titles('status=all')).toEqual(['Open until tomorrow', 'Expired', 'Closed', 'Open']);
      const statuses = (await board('status=all')).items.map((c) => [c.title, c.status]);
      expect(statuses).toEqual([
        ['Open until tomorrow', 'OPEN'],
        ['Expired', 'EXPIRED'],
        ['Closed', 'CLOSED'],
        ['Open', 'OPEN'],
      ]);
    });

    it('moves a task to closed once its deadline passes', async () => {
      // Minutes, not hours: the access token lives 15 minutes.
      await insertTask(t, { title: 'Deadline', expires_at: fromNow(10 * MINUTE) });
      expect(await titles()).toEqual(['Deadline']);
      t.clock.advance(10 * MINUTE);
      expect(await titles()).toEqual([]);
      expect((await board('status=closed')).items.map((c) => c.status)).toEqual(['EXPIRED']);
    });

    it('sorts by reward including a running promo bonus, highest first, newest first on a tie', async () => {
      await insertTask(t, { title: 'Small', reward_amount: 5_000 });
      const boosted = await insertTask(t, { title: 'Boosted', reward_amount: 6_000 });
      await insertTask(t, { title: 'Big', reward_amount: 10_000 });
      await insertTask(t, { title: 'Big too', reward_amount: 10_000 });
      await insertPromo(t, [boosted], { bonus_amount: 5_000 });
      expect(await titles('sort=reward')).toEqual(['Boosted', 'Big too', 'Big', 'Small']);
    });

    it('sorts by quota left, most first', async () => {
      const full = await insertTask(t, { title: 'Full', quota: 1 });
      await insertTask(t, { title: 'Roomy', quota: 10 });
      const busy = await insertTask(t, { title: 'Busy', quota: 10 });
      await referNewTalent(t, me, full, { reward_status: 'PAID' });
      await referNewTalent(t, me, busy, { reward_status: 'APPROVED' });
      await referNewTalent(t, me, busy, { reward_status: 'APPROVED' });
      expect(await titles('sort=quota')).toEqual(['Roomy', 'Busy', 'Full']);
    });

    it('sorts by date, newest created first', async () => {
      await insertTask(t, { title: 'Old', created_at: '2026-01-01T00:00:00.000Z' });
      await insertTask(t, { title: 'New', created_at: '2026-11-01T00:00:00.000Z' });
      await insertTask(t, { title: 'Middle', created_at: '2026-06-01T00:00:00.000Z' });
      expect(await titles('sort=date')).toEqual(['New', 'Middle', 'Old']);
    });

    it('pages through the tasks with the chosen page size', async () => {
      for (let i = 0; i < 23; i++) await insertTask(t, { title: `Job ${String(i + 1).padStart(2, '0')}` });
      const first = await board('pageSize=20');
      expect(first).toMatchObject({ page: 1, pageSize: 20, total: 23 });
      expect(first.items).toHaveLength(20);
      expect(first.items[0]?.title).toBe('Job 23');
      const second = await board('pageSize=20&page=2');
      expect(second.items.map((c) => c.title)).toEqual(['Job 03', 'Job 02', 'Job 01']);
      expect((await board('pageSize=10&page=3')).items).toHaveLength(3);
      expect((await board('pageSize=10&page=4')).items).toEqual([]);
    });

    it('reads a page of 50 cards in as many queries as a page of 2', async () => {
      const queriesFor = async (tasks: number) => {
        const ids: number[] = [];
        for (let i = 0; i < tasks; i++) ids.push(await insertTask(t));
        await insertPromo(t, ids);
        for (const id of ids) {
          await referNewTalent(t, me, id, { reward_status: 'APPROVED' });
          await join(id);
        }
        let count = 0;
        const stop = countStatements(t.db, () => {
          count += 1;
        });
        try {
          expect((await board('pageSize=50')).items).toHaveLength(ids.length);
        } finally {
          stop();
        }
        await t.db.deleteFrom('tasks').execute();
        return count;
      };
      const few = await queriesFor(2);
      expect(few).toBeGreaterThan(0);
      expect(await queriesFor(50)).toBe(few);
    });

    it("lists a promo's tasks", async () => {
      const a = await insertTask(t, { title: 'In promo' });
      const b = await insertTask(t, { title: 'Also in promo' });
      await insertTask(t, { title: 'Not in promo' });
      const promoId = await insertPromo(t, [a, b]);
      await insertPromo(t, [await insertTask(t, { title: 'Other promo' })]);
      expect(await titles(`promoId=${promoId}`)).toEqual(['Also in promo', 'In promo']);
    });
  });

  describe('promo bonus, quota and joined on a card', () => {
    it('shows the largest bonus of the promos running now', async () => {
      const id = await insertTask(t);
      await insertPromo(t, [id], { title: 'Small', bonus_amount: 1_000 });
      const big = await insertPromo(t, [id], { title: 'Big', bonus_amount: 3_000, ends_at: fromNow(2 * DAY) });
      await insertPromo(t, [id], { title: 'Not started', bonus_amount: 9_000, starts_at: fromNow(HOUR) });
      await insertPromo(t, [id], {
        title: 'Over',
        bonus_amount: 9_000,
        starts_at: fromNow(-2 * DAY),
        ends_at: fromNow(0),
      });
      const [card] = (await board()).items;
      expect(card?.promo).toEqual({
        promoId: big,
        title: 'Big',
        amount: 3_000,
        currency: 'MYR',
        endsAt: fromNow(2 * DAY),
      });
    });

    it('drops the bonus when the promo ends', async () => {
      await insertPromo(t, [await insertTask(t)], { ends_at: fromNow(10 * MINUTE) });
      expect((await board()).items[0]?.promo).not.toBeNull();
      t.clock.advance(10 * MINUTE);
      expect((await board()).items[0]?.promo).toBeNull();
    });

    it('counts approved, pending-payment and paid referrals of every recruiter against the quota', async () => {
      const other = await t.createUser();
      const id = await insertTask(t, { quota: 5 });
      await referNewTalent(t, me, id, { reward_status: 'APPROVED' });
      await referNewTalent(t, other.id, id, { reward_status: 'PENDING_PAYMENT' });
      await referNewTalent(t, other.id, id, { reward_status: 'PAID' });
      for (const status of [null, 'REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA']) {
        await referNewTalent(t, other.id, id, { reward_status: status });
      }
      expect((await board()).items[0]).toMatchObject({ quota: 5, quotaUsed: 3, quotaLeft: 2 });
    });

    it('never shows a negative quota left', async () => {
      const id = await insertTask(t, { quota: 1 });
      await referNewTalent(t, me, id, { reward_status: 'APPROVED' });
      await referNewTalent(t, me, id, { reward_status: 'PAID' });
      expect((await board()).items[0]).toMatchObject({ quota: 1, quotaUsed: 2, quotaLeft: 0 });
    });

    it('marks the tasks I joined or was assigned, not those of others', async () => {
      const other = await t.createUser();
      const joined = await insertTask(t, { title: 'Joined' });
      const assigned = await insertTask(t, { title: 'Assigned' });
      const theirs = await insertTask(t, { title: 'Theirs' });
      const at = t.clock.now().toISOString();
      await t.db
        .insertInto('recruiter_tasks')
        .values([
          { recruiter_id: me, task_id: joined, assigned_by: null, created_at: at },
          { recruiter_id: me, task_id: assigned, assigned_by: other.id, created_at: at },
          { recruiter_id: other.id, task_id: theirs, assigned_by: null, created_at: at },
        ])
        .execute();
      const flags = (await board()).items.map((c) => [c.title, c.joined]);
      expect(flags).toEqual([
        ['Theirs', false],
        ['Assigned', true],
        ['Joined', true],
      ]);
    });
  });

  describe('promos', () => {
    it('lists the promos running now with their task count, soonest ending first', async () => {
      const a = await insertTask(t);
      const b = await insertTask(t);
      const later = await insertPromo(t, [a, b], { title: 'Later', ends_at: fromNow(5 * DAY) });
      const sooner = await insertPromo(t, [a], { title: 'Sooner', ends_at: fromNow(DAY) });
      await insertPromo(t, [a], { title: 'Upcoming', starts_at: fromNow(DAY), ends_at: fromNow(2 * DAY) });
      await insertPromo(t, [a], { title: 'Over', starts_at: fromNow(-2 * DAY), ends_at: fromNow(-DAY) });
      const res = await get('/api/recruiter/task/promos');
      expect(res.status).toBe(200);
      const promos = (await res.json()).data;
      expect(promos.map((p: { id: number }) => p.id)).toEqual([sooner, later]);
      expect(promos[1]).toEqual({
        id: later,
        title: 'Later',
        description: 'Extra for every rewarded referral.',
        startsAt: fromNow(-DAY),
        endsAt: fromNow(5 * DAY),
        bonusAmount: 5_000,
        bonusCurrency: 'MYR',
        taskCount: 2,
        running: true,
      });
    });

    it('shows any one promo, running or not, and 404 for an unknown one', async () => {
      const over = await insertPromo(t, [], { title: 'Over', starts_at: fromNow(-2 * DAY), ends_at: fromNow(-DAY) });
      const res = await get(`/api/recruiter/task/promo/${over}`);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ id: over, title: 'Over', taskCount: 0, running: false });
      const missing = await get('/api/recruiter/task/promo/9999');
      expect(missing.status).toBe(404);
      expect((await missing.json()).error.code).toBe('NOT_FOUND');
    });
  });

  describe('task detail', () => {
    it('shows the full description and the required skills and languages of any task', async () => {
      const id = await insertTask(t, {
        status: 'CLOSED',
        description: 'Serve coffee.\nSmile.',
        required_skills: '["Latte art","Cash handling"]',
        required_languages: '["ms","en"]',
      });
      const res = await get(`/api/recruiter/task/${id}`);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({
        id,
        status: 'CLOSED',
        description: 'Serve coffee.\nSmile.',
        requiredSkills: ['Latte art', 'Cash handling'],
        requiredLanguages: ['ms', 'en'],
        joined: false,
      });
    });

    it('answers 404 for a task that does not exist', async () => {
      const res = await get('/api/recruiter/task/9999');
      expect(res.status).toBe(404);
      expect((await res.json()).error.code).toBe('NOT_FOUND');
    });
  });

  describe('joining', () => {
    it('joins an open task, which then shows as joined', async () => {
      const id = await insertTask(t);
      const res = await join(id);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ id, joined: true });
      expect((await (await get(`/api/recruiter/task/${id}`)).json()).data.joined).toBe(true);
      expect((await board()).items[0]?.joined).toBe(true);
    });

    it('accepts joining twice and keeps one membership', async () => {
      const id = await insertTask(t);
      expect((await join(id)).status).toBe(200);
      expect((await join(id)).status).toBe(200);
      const rows = await t.db.selectFrom('recruiter_tasks').selectAll().where('task_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ recruiter_id: me, assigned_by: null });
    });

    it('accepts a repeated join after the task closed, since I am already in', async () => {
      const id = await insertTask(t);
      expect((await join(id)).status).toBe(200);
      await t.db.updateTable('tasks').set({ status: 'CLOSED' }).where('id', '=', id).execute();
      const res = await join(id);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ id, status: 'CLOSED', joined: true });
    });

    it('refuses a closed task', async () => {
      const id = await insertTask(t, { status: 'CLOSED' });
      const res = await join(id);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', message: 'This task is closed.' });
    });

    it('refuses a task whose deadline has passed', async () => {
      const id = await insertTask(t, { expires_at: fromNow(10 * MINUTE) });
      t.clock.advance(10 * MINUTE);
      const res = await join(id);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', message: 'This task has expired.' });
      expect(await t.db.selectFrom('recruiter_tasks').selectAll().execute()).toEqual([]);
    });

    it('answers 404 for a task that does not exist', async () => {
      expect((await join(9999)).status).toBe(404);
    });
  });

  describe('access and validation', () => {
    it('asks an anonymous caller to log in', async () => {
      const id = await insertTask(t);
      for (const path of ['/api/recruiter/task', '/api/recruiter/task/promos', `/api/recruiter/task/${id}`]) {
        const res = await t.request(path);
        expect(res.status).toBe(401);
      }
      expect((await t.request(`/api/recruiter/task/${id}/join`, { method: 'POST' })).status).toBe(401);
    });

    it('refuses an admin who is not a recruiter', async () => {
      const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
      const adminToken = (await t.login(admin.email)).accessToken;
      const id = await insertTask(t);
      for (const path of ['/api/recruiter/task', '/api/recruiter/task/promos', `/api/recruiter/task/${id}`]) {
        const res = await get(path, adminToken);
        expect(res.status).toBe(403);
        expect((await res.json()).error.code).toBe('FORBIDDEN');
      }
      const res = await t.request(`/api/recruiter/task/${id}/join`, { method: 'POST', headers: bearer(adminToken) });
      expect(res.status).toBe(403);
    });

    it('refuses a page size, sort, status or job type outside the lists', async () => {
      const res = await get('/api/recruiter/task?pageSize=7&sort=x&status=gone&jobType=temp&page=0');
      expect(res.status).toBe(400);
      const error = (await res.json()).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields).sort()).toEqual(['jobType', 'page', 'pageSize', 'sort', 'status']);
    });

    it('refuses a task id that is not a number', async () => {
      const res = await get('/api/recruiter/task/abc');
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
    });
  });
});
