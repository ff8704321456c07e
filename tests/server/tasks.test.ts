import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewTask } from '../../src/server/db/database';
import type { TaskCard } from '../../src/shared/recruiter-types';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Rows straight into the database: the board reads what admins and referrals leave behind.
function fixtures(t: TestApp) {
  let tasks = 0;
  let people = 0;
  const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const task = async (values: Partial<NewTask> = {}) => {
    tasks += 1;
    // Each new task is a minute newer than the one before, all in the past.
    const createdAt = iso(-DAY + tasks * 60_000);
    const row = await t.db
      .insertInto('tasks')
      .values({
        code: `T-${String(tasks).padStart(6, '0')}`,
        title: `Task ${tasks}`,
        company: 'Acme Sdn Bhd',
        description: 'Hire people.',
        job_type: 'ft',
        is_critical: 0,
        location: 'Kuala Lumpur',
        country: 'MY',
        salary_min: 300_000,
        salary_max: 500_000,
        salary_currency: 'MYR',
        reward_amount: 10_000,
        reward_currency: 'MYR',
        quota: 5,
        status: 'OPEN',
        expires_at: null,
        required_skills: '[]',
        required_languages: '[]',
        created_by: null,
        created_at: createdAt,
        updated_at: createdAt,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const promo = async (
    taskIds: number[],
    values: { title?: string; bonus?: number; startsIn?: number; endsIn?: number } = {},
  ) => {
    const row = await t.db
      .insertInto('promos')
      .values({
        title: values.title ?? 'Year-end push',
        description: 'Extra for every rewarded referral.',
        starts_at: iso(values.startsIn ?? -DAY),
        ends_at: iso(values.endsIn ?? 7 * DAY),
        bonus_amount: values.bonus ?? 5_000,
        bonus_currency: 'MYR',
        created_by: null,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const taskId of taskIds) {
      await t.db
        .insertInto('promo_tasks')
        .values({ promo_id: row.id, task_id: taskId, created_at: iso(0) })
        .execute();
    }
    return row.id;
  };
  const referral = async (recruiterId: number, taskId: number, rewardStatus: string | null = null) => {
    people += 1;
    const email = `person${people}@example.com`;
    const phone = `+6012${String(people).padStart(7, '0')}`;
    const talent = await t.db
      .insertInto('talents')
      .values({
        recruiter_id: recruiterId,
        full_name: `Person ${people}`,
        email,
        email_normalized: email,
        phone,
        country_code: '+60',
        phone_e164: phone,
        languages: '["en"]',
        education_level: 'Degree',
        country: 'MY',
        location: 'Kuala Lumpur',
        expected_salary: null,
        expected_salary_currency: 'MYR',
        resume_file_id: null,
        resume_text: null,
        parse_status: 'SKIPPED',
        has_work_experience: null,
        years_of_experience: null,
        current_position: null,
        skills: '[]',
        summary: null,
        draft_note: null,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('referrals')
      .values({
        talent_id: talent.id,
        task_id: taskId,
        recruiter_id: recruiterId,
        person_email: email,
        person_phone: phone,
        recruiter_note: null,
        rating: null,
        consent_status: rewardStatus ? 'CONFIRMED' : 'PENDING',
        consent_decided_at: null,
        ita_status: 'NOT_SENT',
        ita_decided_at: null,
        hiring_status: 'SUBMITTED',
        reward_status: rewardStatus,
        reward_amount: null,
        reward_currency: null,
        reward_reason: null,
        reward_decided_by: null,
        reward_decided_at: null,
        promo_id: null,
        payment_id: null,
        created_at: iso(0),
        updated_at: iso(0),
      })
      .execute();
  };
  return { task, promo, referral };
}

describe.each(DIALECTS)('task board on %s', (dialect) => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  let me: number;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    f = fixtures(t);
    const user = await t.createUser({ email: 'rina@example.com' });
    me = user.id;
    token = (await t.login(user.email)).accessToken;
  });
  afterEach(async () => {
    await t.close();
  });

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
      const id = await f.task({ title: 'Barista', is_critical: 1, expires_at: '2026-12-01T00:00:00.000Z' });
      await f.task({ title: 'Cashier' });
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
      await f.task({ title: 'Senior Barista' });
      await f.task({ title: 'Driver', company: 'Grab Malaysia' });
      await f.task({ title: 'Cook', location: 'Penang' });
      await f.task({ title: 'Cleaner', code: 'X-42' });
      expect(await titles('search=barista')).toEqual(['Senior Barista']);
      expect(await titles('search=GRAB')).toEqual(['Driver']);
      expect(await titles('search=penang')).toEqual(['Cook']);
      expect(await titles('search=x-42')).toEqual(['Cleaner']);
      expect(await titles('search=nothing-like-this')).toEqual([]);
    });

    it('treats % and _ in a search as plain characters', async () => {
      await f.task({ title: '100% commission' });
      await f.task({ title: '100 ringgit' });
      expect(await titles('search=100%25')).toEqual(['100% commission']);
      expect(await titles('search=_')).toEqual([]);
    });

    it('filters by job type, and an empty job type shows all', async () => {
      await f.task({ title: 'Full', job_type: 'ft' });
      await f.task({ title: 'Part', job_type: 'pt' });
      await f.task({ title: 'Intern', job_type: 'intern' });
      expect(await titles('jobType=pt')).toEqual(['Part']);
      expect(await titles('jobType=intern')).toEqual(['Intern']);
      expect(await titles('jobType=')).toEqual(['Intern', 'Part', 'Full']);
    });

    it('shows open tasks by default, closed and expired ones under closed, and everything under all', async () => {
      await f.task({ title: 'Open' });
      await f.task({ title: 'Closed', status: 'CLOSED' });
      await f.task({ title: 'Expired', expires_at: new Date(t.clock.now().getTime() - 1).toISOString() });
      await f.task({ title: 'Open until tomorrow', expires_at: new Date(t.clock.now().getTime() + DAY).toISOString() });
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
      await f.task({ title: 'Deadline', expires_at: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString() });
      expect(await titles()).toEqual(['Deadline']);
      t.clock.advance(10 * MINUTE);
      expect(await titles()).toEqual([]);
      expect((await board('status=closed')).items.map((c) => c.status)).toEqual(['EXPIRED']);
    });

    it('sorts by reward including a running promo bonus, highest first, newest first on a tie', async () => {
      await f.task({ title: 'Small', reward_amount: 5_000 });
      const boosted = await f.task({ title: 'Boosted', reward_amount: 6_000 });
      await f.task({ title: 'Big', reward_amount: 10_000 });
      await f.task({ title: 'Big too', reward_amount: 10_000 });
      await f.promo([boosted], { bonus: 5_000 });
      expect(await titles('sort=reward')).toEqual(['Boosted', 'Big too', 'Big', 'Small']);
    });

    it('sorts by quota left, most first', async () => {
      const full = await f.task({ title: 'Full', quota: 1 });
      await f.task({ title: 'Roomy', quota: 10 });
      const busy = await f.task({ title: 'Busy', quota: 10 });
      await f.referral(me, full, 'PAID');
      await f.referral(me, busy, 'APPROVED');
      await f.referral(me, busy, 'APPROVED');
      expect(await titles('sort=quota')).toEqual(['Roomy', 'Busy', 'Full']);
    });

    it('sorts by date, newest created first', async () => {
      await f.task({ title: 'Old', created_at: '2026-01-01T00:00:00.000Z' });
      await f.task({ title: 'New', created_at: '2026-11-01T00:00:00.000Z' });
      await f.task({ title: 'Middle', created_at: '2026-06-01T00:00:00.000Z' });
      expect(await titles('sort=date')).toEqual(['New', 'Middle', 'Old']);
    });

    it('pages through the tasks with the chosen page size', async () => {
      for (let i = 0; i < 23; i++) await f.task({ title: `Job ${String(i + 1).padStart(2, '0')}` });
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
        for (let i = 0; i < tasks; i++) ids.push(await f.task());
        await f.promo(ids);
        for (const id of ids) {
          await f.referral(me, id, 'APPROVED');
          await join(id);
        }
        const executor = t.db.getExecutor();
        const original = executor.executeQuery;
        let count = 0;
        executor.executeQuery = ((...args: Parameters<typeof original>) => {
          count += 1;
          return original.apply(executor, args);
        }) as typeof original;
        try {
          expect((await board('pageSize=50')).items).toHaveLength(ids.length);
        } finally {
          executor.executeQuery = original;
        }
        await t.db.deleteFrom('tasks').execute();
        return count;
      };
      const few = await queriesFor(2);
      expect(few).toBeGreaterThan(0);
      expect(await queriesFor(50)).toBe(few);
    });

    it("lists a promo's tasks", async () => {
      const a = await f.task({ title: 'In promo' });
      const b = await f.task({ title: 'Also in promo' });
      await f.task({ title: 'Not in promo' });
      const promoId = await f.promo([a, b]);
      await f.promo([await f.task({ title: 'Other promo' })]);
      expect(await titles(`promoId=${promoId}`)).toEqual(['Also in promo', 'In promo']);
    });
  });

  describe('promo bonus, quota and joined on a card', () => {
    it('shows the largest bonus of the promos running now', async () => {
      const id = await f.task();
      await f.promo([id], { title: 'Small', bonus: 1_000 });
      const big = await f.promo([id], { title: 'Big', bonus: 3_000, endsIn: 2 * DAY });
      await f.promo([id], { title: 'Not started', bonus: 9_000, startsIn: HOUR });
      await f.promo([id], { title: 'Over', bonus: 9_000, startsIn: -2 * DAY, endsIn: 0 });
      const [card] = (await board()).items;
      expect(card?.promo).toEqual({
        promoId: big,
        title: 'Big',
        amount: 3_000,
        currency: 'MYR',
        endsAt: new Date(t.clock.now().getTime() + 2 * DAY).toISOString(),
      });
    });

    it('drops the bonus when the promo ends', async () => {
      await f.promo([await f.task()], { endsIn: 10 * MINUTE });
      expect((await board()).items[0]?.promo).not.toBeNull();
      t.clock.advance(10 * MINUTE);
      expect((await board()).items[0]?.promo).toBeNull();
    });

    it('counts approved, pending-payment and paid referrals of every recruiter against the quota', async () => {
      const other = await t.createUser();
      const id = await f.task({ quota: 5 });
      await f.referral(me, id, 'APPROVED');
      await f.referral(other.id, id, 'PENDING_PAYMENT');
      await f.referral(other.id, id, 'PAID');
      for (const status of [null, 'REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA']) {
        await f.referral(other.id, id, status);
      }
      expect((await board()).items[0]).toMatchObject({ quota: 5, quotaUsed: 3, quotaLeft: 2 });
    });

    it('never shows a negative quota left', async () => {
      const id = await f.task({ quota: 1 });
      await f.referral(me, id, 'APPROVED');
      await f.referral(me, id, 'PAID');
      expect((await board()).items[0]).toMatchObject({ quota: 1, quotaUsed: 2, quotaLeft: 0 });
    });

    it('marks the tasks I joined or was assigned, not those of others', async () => {
      const other = await t.createUser();
      const joined = await f.task({ title: 'Joined' });
      const assigned = await f.task({ title: 'Assigned' });
      const theirs = await f.task({ title: 'Theirs' });
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
      const a = await f.task();
      const b = await f.task();
      const later = await f.promo([a, b], { title: 'Later', endsIn: 5 * DAY });
      const sooner = await f.promo([a], { title: 'Sooner', endsIn: DAY });
      await f.promo([a], { title: 'Upcoming', startsIn: DAY, endsIn: 2 * DAY });
      await f.promo([a], { title: 'Over', startsIn: -2 * DAY, endsIn: -DAY });
      const res = await get('/api/recruiter/task/promos');
      expect(res.status).toBe(200);
      const promos = (await res.json()).data;
      expect(promos.map((p: { id: number }) => p.id)).toEqual([sooner, later]);
      expect(promos[1]).toEqual({
        id: later,
        title: 'Later',
        description: 'Extra for every rewarded referral.',
        startsAt: new Date(t.clock.now().getTime() - DAY).toISOString(),
        endsAt: new Date(t.clock.now().getTime() + 5 * DAY).toISOString(),
        bonusAmount: 5_000,
        bonusCurrency: 'MYR',
        taskCount: 2,
        running: true,
      });
    });

    it('shows any one promo, running or not, and 404 for an unknown one', async () => {
      const over = await f.promo([], { title: 'Over', startsIn: -2 * DAY, endsIn: -DAY });
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
      const id = await f.task({
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
      const id = await f.task();
      const res = await join(id);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ id, joined: true });
      expect((await (await get(`/api/recruiter/task/${id}`)).json()).data.joined).toBe(true);
      expect((await board()).items[0]?.joined).toBe(true);
    });

    it('accepts joining twice and keeps one membership', async () => {
      const id = await f.task();
      expect((await join(id)).status).toBe(200);
      expect((await join(id)).status).toBe(200);
      const rows = await t.db.selectFrom('recruiter_tasks').selectAll().where('task_id', '=', id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ recruiter_id: me, assigned_by: null });
    });

    it('accepts a repeated join after the task closed, since I am already in', async () => {
      const id = await f.task();
      expect((await join(id)).status).toBe(200);
      await t.db.updateTable('tasks').set({ status: 'CLOSED' }).where('id', '=', id).execute();
      const res = await join(id);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ id, status: 'CLOSED', joined: true });
    });

    it('refuses a closed task', async () => {
      const id = await f.task({ status: 'CLOSED' });
      const res = await join(id);
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', message: 'This task is closed.' });
    });

    it('refuses a task whose deadline has passed', async () => {
      const id = await f.task({ expires_at: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString() });
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
      const id = await f.task();
      for (const path of ['/api/recruiter/task', '/api/recruiter/task/promos', `/api/recruiter/task/${id}`]) {
        const res = await t.request(path);
        expect(res.status).toBe(401);
      }
      expect((await t.request(`/api/recruiter/task/${id}/join`, { method: 'POST' })).status).toBe(401);
    });

    it('refuses an admin who is not a recruiter', async () => {
      const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
      const adminToken = (await t.login(admin.email)).accessToken;
      const id = await f.task();
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
