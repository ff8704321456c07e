import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NewTask } from '../../src/server/db/database';
import type { MyTaskCard, ReferralCounts } from '../../src/shared/recruiter-types';
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
  const referral = async (
    recruiterId: number,
    taskId: number,
    rewardStatus: string | null = null,
    consentStatus: 'PENDING' | 'CONFIRMED' | 'DECLINED' = rewardStatus ? 'CONFIRMED' : 'PENDING',
  ) => {
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
    return t.db
      .insertInto('referrals')
      .values({
        talent_id: talent.id,
        task_id: taskId,
        recruiter_id: recruiterId,
        person_email: email,
        person_phone: phone,
        recruiter_note: null,
        rating: null,
        consent_status: consentStatus,
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
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((row) => row.id);
  };
  const member = (recruiterId: number, taskId: number, assignedBy: number | null = null) =>
    t.db
      .insertInto('recruiter_tasks')
      .values({ recruiter_id: recruiterId, task_id: taskId, assigned_by: assignedBy, created_at: iso(0) })
      .execute();
  return { task, promo, referral, member };
}

const noReferrals: ReferralCounts = {
  total: 0,
  consentPending: 0,
  consentConfirmed: 0,
  consentDeclined: 0,
  rewardInReview: 0,
  rewardApproved: 0,
  rewardNotRewarded: 0,
};

describe.each(DIALECTS)('manage task on %s', (dialect) => {
  let t: TestApp;
  let f: ReturnType<typeof fixtures>;
  let me: number;
  let other: number;
  let token: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    f = fixtures(t);
    const user = await t.createUser({ email: 'rina@example.com' });
    me = user.id;
    other = (await t.createUser({ email: 'other@example.com' })).id;
    token = (await t.login(user.email)).accessToken;
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (path: string, accessToken = token) => t.request(path, { headers: bearer(accessToken) });
  const myTasks = async (query = '') => {
    const res = await get(`/api/recruiter/recruiter/task${query ? `?${query}` : ''}`);
    expect(res.status).toBe(200);
    return (await res.json()).data as { items: MyTaskCard[]; page: number; pageSize: number; total: number };
  };
  const titles = async (query = '') => (await myTasks(query)).items.map((card) => card.title);

  describe('my tasks', () => {
    it('lists only the tasks I joined or was assigned', async () => {
      const joined = await f.task({ title: 'Joined' });
      const assigned = await f.task({ title: 'Assigned' });
      const theirs = await f.task({ title: 'Theirs' });
      await f.task({ title: 'Nobody' });
      await f.member(me, joined);
      await f.member(me, assigned, other);
      await f.member(other, theirs);
      const page = await myTasks();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((c) => [c.title, c.joined])).toEqual([
        ['Assigned', true],
        ['Joined', true],
      ]);
    });

    it('shows a task I join on the board straight away', async () => {
      const id = await f.task({ title: 'Barista' });
      expect(await titles()).toEqual([]);
      const res = await t.request(`/api/recruiter/task/${id}/join`, { method: 'POST', headers: bearer(token) });
      expect(res.status).toBe(200);
      expect(await titles()).toEqual(['Barista']);
    });

    it('counts my referrals by consent and reward state, never those of other recruiters', async () => {
      const id = await f.task({ quota: 10 });
      await f.member(me, id);
      await f.member(other, id);
      await f.referral(me, id, null, 'PENDING');
      await f.referral(me, id, null, 'DECLINED');
      await f.referral(me, id, 'APPROVED');
      await f.referral(me, id, 'PAID');
      await f.referral(me, id, 'REJECTED');
      await f.referral(me, id, 'EXCEED_QUOTA');
      for (let i = 0; i < 3; i++) await f.referral(other, id, 'PENDING_PAYMENT');
      const [card] = (await myTasks()).items;
      expect(card?.counts).toEqual({
        total: 6,
        consentPending: 1,
        consentConfirmed: 4,
        consentDeclined: 1,
        rewardInReview: 2,
        rewardApproved: 2,
        rewardNotRewarded: 2,
      });
      // The quota is the task's, so everyone's rewarded referrals use it up.
      expect(card).toMatchObject({ quota: 10, quotaUsed: 5, quotaLeft: 5 });
    });

    it('gives each task its own counts, and zeros to a task without referrals', async () => {
      const a = await f.task({ title: 'A' });
      const b = await f.task({ title: 'B' });
      await f.member(me, a);
      await f.member(me, b);
      await f.referral(me, a);
      await f.referral(me, a);
      const counts = (await myTasks()).items.map((c) => [c.title, c.counts.total]);
      expect(counts).toEqual([
        ['B', 0],
        ['A', 2],
      ]);
      expect((await myTasks()).items[0]?.counts).toEqual(noReferrals);
    });

    it('applies the board filters: search, job type, status and sort', async () => {
      const ids = [
        await f.task({ title: 'Barista', job_type: 'pt', reward_amount: 1_000 }),
        await f.task({ title: 'Driver', job_type: 'ft', reward_amount: 20_000 }),
        await f.task({ title: 'Closed cook', status: 'CLOSED' }),
        await f.task({ title: 'Expired cleaner', expires_at: new Date(t.clock.now().getTime() - 1).toISOString() }),
      ];
      for (const id of ids) await f.member(me, id);
      await f.task({ title: 'Barista elsewhere' });
      expect(await titles()).toEqual(['Driver', 'Barista']);
      expect(await titles('search=barista')).toEqual(['Barista']);
      expect(await titles('jobType=pt')).toEqual(['Barista']);
      expect(await titles('status=closed')).toEqual(['Expired cleaner', 'Closed cook']);
      expect(await titles('status=all&sort=reward')).toEqual(['Driver', 'Expired cleaner', 'Closed cook', 'Barista']);
    });

    it('moves a joined task to closed when its deadline passes', async () => {
      const id = await f.task({ expires_at: new Date(t.clock.now().getTime() + 10 * MINUTE).toISOString() });
      await f.member(me, id);
      expect((await myTasks()).total).toBe(1);
      t.clock.advance(10 * MINUTE);
      expect((await myTasks()).total).toBe(0);
      expect((await myTasks('status=closed')).items.map((c) => c.status)).toEqual(['EXPIRED']);
    });

    it('pages through my tasks', async () => {
      for (let i = 0; i < 12; i++) await f.member(me, await f.task({ title: `Job ${String(i + 1).padStart(2, '0')}` }));
      const second = await myTasks('page=2&pageSize=10');
      expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
      expect(second.items.map((c) => c.title)).toEqual(['Job 02', 'Job 01']);
    });

    it('shows the running promo bonus on my task cards', async () => {
      const id = await f.task();
      await f.member(me, id);
      const promoId = await f.promo([id], { bonus: 2_500 });
      expect((await myTasks()).items[0]?.promo).toMatchObject({ promoId, amount: 2_500 });
      expect(await titles(`promoId=${promoId}`)).toHaveLength(1);
      expect(await titles(`promoId=${promoId + 1}`)).toEqual([]);
    });
  });

  describe('my task detail', () => {
    it('shows the task, my counts and my referrals to it, not those of others', async () => {
      const id = await f.task({ title: 'Barista', required_skills: '["Latte art"]' });
      await f.member(me, id);
      const first = await f.referral(me, id);
      const second = await f.referral(me, id, 'APPROVED');
      await f.referral(other, id);
      await f.referral(me, await f.task({ title: 'Elsewhere' }));
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
      const id = await f.task();
      await f.member(me, id);
      const data = (await (await get(`/api/recruiter/recruiter/task/${id}`)).json()).data;
      expect(data.counts).toEqual(noReferrals);
      expect(data.referrals).toEqual([]);
    });

    it('still shows a task I have referrals to after I was unassigned', async () => {
      const id = await f.task();
      const referral = await f.referral(me, id);
      const res = await get(`/api/recruiter/recruiter/task/${id}`);
      expect(res.status).toBe(200);
      const data = (await res.json()).data;
      expect(data.task.joined).toBe(false);
      expect(data.referrals.map((r: { id: number }) => r.id)).toEqual([referral]);
    });

    it("answers 404 for another recruiter's task, a task I never joined and an unknown one", async () => {
      const theirs = await f.task();
      await f.member(other, theirs);
      await f.referral(other, theirs);
      const untouched = await f.task();
      for (const id of [theirs, untouched, 9999]) {
        const res = await get(`/api/recruiter/recruiter/task/${id}`);
        expect(res.status).toBe(404);
        expect((await res.json()).error.code).toBe('NOT_FOUND');
      }
    });
  });

  describe('access and validation', () => {
    it('asks an anonymous caller to log in', async () => {
      const id = await f.task();
      await f.member(me, id);
      expect((await t.request('/api/recruiter/recruiter/task')).status).toBe(401);
      expect((await t.request(`/api/recruiter/recruiter/task/${id}`)).status).toBe(401);
    });

    it('refuses an admin who is not a recruiter', async () => {
      const admin = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
      const adminToken = (await t.login(admin.email)).accessToken;
      const id = await f.task();
      await f.member(admin.id, id);
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
