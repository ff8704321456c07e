import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminTaskInput } from '#src/shared/admin-task-schemas.ts';
import type { AdminTaskDetail, AdminTaskSummary } from '#src/shared/admin-task-types.ts';
import { insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Page = { items: AdminTaskSummary[]; page: number; pageSize: number; total: number };

describe.each(DIALECTS)('admin tasks on %s', (dialect) => {
  let t: TestApp;
  let adminId: number;
  let admin: string;
  let recruiterId: number;
  let recruiter: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const a = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    adminId = a.id;
    admin = (await t.login(a.email)).accessToken;
    const r = await t.createUser({ email: 'rina@example.com' });
    recruiterId = r.id;
    recruiter = (await t.login(r.email)).accessToken;
  });
  afterEach(async () => {
    await t.close();
  });

  const fromNow = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const call = (method: string, path: string, json?: unknown, token: string | null = admin) =>
    t.request(`/api/admin/tasks${path}`, { method, json, headers: token ? bearer(token) : {} });
  const list = async (query = '') => {
    const res = await call('GET', query ? `?${query}` : '');
    expect(res.status).toBe(200);
    return (await res.json()).data as Page;
  };
  const titles = async (query = '') => (await list(query)).items.map((task) => task.title);

  const barista = (values: Partial<AdminTaskInput> = {}): AdminTaskInput => ({
    title: 'Barista',
    company: 'Kopi Sdn Bhd',
    description: 'Make coffee.\nKeep the bar clean.',
    jobType: 'pt',
    isCritical: true,
    location: 'Petaling Jaya',
    country: 'Malaysia',
    salaryMin: 250_000,
    salaryMax: 320_000,
    salaryCurrency: 'MYR',
    rewardAmount: 15_000,
    rewardCurrency: 'MYR',
    quota: 3,
    expiresAt: fromNow(10 * DAY),
    requiredSkills: ['Latte art'],
    requiredLanguages: ['ms', 'en'],
    ...values,
  });
  const create = async (values: Partial<AdminTaskInput> = {}) => {
    const res = await call('POST', '', barista(values));
    expect(res.status).toBe(201);
    return (await res.json()).data as AdminTaskDetail;
  };
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    return body.error.fields as Record<string, string>;
  };

  describe('authorization', () => {
    it('answers every call to an admin only: 401 anonymous, 403 recruiter', async () => {
      const id = await insertTask(t);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', ''],
        ['GET', `/${id}`],
        ['POST', '', barista()],
        ['PUT', `/${id}`, barista()],
        ['POST', `/${id}/close`],
        ['POST', `/${id}/reopen`],
      ];
      for (const [method, path, json] of calls) {
        expect((await call(method, path, json, null)).status, `${method} ${path} anonymous`).toBe(401);
        expect((await call(method, path, json, recruiter)).status, `${method} ${path} recruiter`).toBe(403);
        expect((await call(method, path, json, admin)).status, `${method} ${path} admin`).toBeLessThan(300);
      }
    });
  });

  describe('create and read', () => {
    it('creates an open task with a code, every field as given, and shows it in full', async () => {
      await insertTask(t);
      const task = await create();
      expect(task).toEqual({
        id: expect.any(Number),
        code: 'T-000002',
        title: 'Barista',
        company: 'Kopi Sdn Bhd',
        description: 'Make coffee.\nKeep the bar clean.',
        jobType: 'pt',
        isCritical: true,
        location: 'Petaling Jaya',
        country: 'Malaysia',
        salaryMin: 250_000,
        salaryMax: 320_000,
        salaryCurrency: 'MYR',
        rewardAmount: 15_000,
        rewardCurrency: 'MYR',
        quota: 3,
        quotaUsed: 0,
        referralCount: 0,
        status: 'OPEN',
        expiresAt: fromNow(10 * DAY),
        requiredSkills: ['Latte art'],
        requiredLanguages: ['ms', 'en'],
        promos: [],
        createdAt: fromNow(0),
        updatedAt: fromNow(0),
      });
      const res = await call('GET', `/${task.id}`);
      expect(res.status).toBe(200);
      expect((await res.json()).data).toEqual(task);
      const row = await t.db.selectFrom('tasks').select('created_by').where('id', '=', task.id).executeTakeFirst();
      expect(row?.created_by).toBe(adminId);
    });

    it('publishes it on the recruiter board at once', async () => {
      const task = await create();
      const res = await t.request(`/api/recruiter/task/${task.id}`, { headers: bearer(recruiter) });
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ title: 'Barista', rewardAmount: 15_000, status: 'OPEN' });
    });

    it('takes a task without salary, skills, deadline or critical flag, in another currency', async () => {
      const task = await create({
        salaryMin: null,
        salaryMax: undefined,
        isCritical: undefined,
        expiresAt: null,
        requiredSkills: undefined,
        rewardAmount: 5_000,
        rewardCurrency: 'SGD',
      });
      expect(task).toMatchObject({
        salaryMin: null,
        salaryMax: null,
        isCritical: false,
        expiresAt: null,
        requiredSkills: [],
        rewardAmount: 5_000,
        rewardCurrency: 'SGD',
      });
    });

    it('stores a deadline given with an offset in UTC', async () => {
      const task = await create({ expiresAt: '2026-12-01T18:00:00+08:00' });
      expect(task.expiresAt).toBe('2026-12-01T10:00:00.000Z');
    });

    it('names every missing field, and stores nothing', async () => {
      const fields = await refusal(await call('POST', '', {}));
      expect(fields).toEqual({
        title: 'field_required',
        company: 'field_required',
        description: 'field_required',
        jobType: 'field_required',
        location: 'field_required',
        country: 'field_required',
        rewardAmount: 'field_required',
        quota: 'field_required',
        requiredLanguages: 'field_required',
      });
      expect(await titles()).toEqual([]);
    });

    it('refuses blank text, a bad reward, quota, currency, salary range, language or deadline', async () => {
      const cases: Array<[Partial<AdminTaskInput>, Record<string, string>]> = [
        [{ title: '   ' }, { title: 'field_required' }],
        [{ title: 'x'.repeat(161) }, { title: 'field_too_long' }],
        [{ rewardAmount: 0 }, { rewardAmount: 'reward_invalid' }],
        [{ rewardAmount: 10.5 }, { rewardAmount: 'reward_invalid' }],
        [{ quota: 0 }, { quota: 'quota_invalid' }],
        [{ quota: 1.5 }, { quota: 'quota_invalid' }],
        [{ rewardCurrency: 'XYZ' as 'MYR' }, { rewardCurrency: 'currency_invalid' }],
        [{ salaryMin: 500_000, salaryMax: 400_000 }, { salaryMax: 'salary_range_invalid' }],
        [{ salaryMin: -1 }, { salaryMin: 'salary_invalid' }],
        [{ requiredLanguages: [] }, { requiredLanguages: 'languages_required' }],
        [{ requiredLanguages: ['xx' as 'en'] }, { 'requiredLanguages.0': 'languages_required' }],
        [{ jobType: 'boss' as 'ft' }, { jobType: 'job_type_required' }],
        [{ expiresAt: 'next friday' }, { expiresAt: 'expires_at_invalid' }],
        [{ expiresAt: fromNow(-MINUTE) }, { expiresAt: 'expires_at_past' }],
        [
          { requiredSkills: Array.from({ length: 31 }, (_, i) => `Skill ${i}`) },
          { requiredSkills: 'task_skills_too_many' },
        ],
      ];
      for (const [values, expected] of cases) {
        expect(await refusal(await call('POST', '', barista(values))), JSON.stringify(values)).toEqual(expected);
      }
      expect(await titles()).toEqual([]);
    });

    it('answers 404 for a task that does not exist', async () => {
      expect((await call('GET', '/999')).status).toBe(404);
      expect((await call('PUT', '/999', barista())).status).toBe(404);
      expect((await call('POST', '/999/close')).status).toBe(404);
      expect((await call('POST', '/999/reopen')).status).toBe(404);
    });

    it('lists the promos a task is in', async () => {
      const id = await insertTask(t);
      const promo = await insertPromo(t, [id], { title: 'Year-end push' });
      const res = await call('GET', `/${id}`);
      expect((await res.json()).data.promos).toEqual([
        { id: promo, title: 'Year-end push', startsAt: fromNow(-DAY), endsAt: fromNow(7 * DAY), running: true },
      ]);
    });
  });

  describe('list', () => {
    it('shows every task, newest first, with quota used and referral counts', async () => {
      const a = await insertTask(t, { title: 'Older', quota: 2 });
      await insertTask(t, { title: 'Newer' });
      await referNewTalent(t, recruiterId, a, {
        reward_status: 'APPROVED',
        reward_amount: 10_000,
        reward_currency: 'MYR',
      });
      await referNewTalent(t, recruiterId, a, { reward_status: 'REJECTED' });
      await referNewTalent(t, recruiterId, a);
      const page = await list();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((x) => x.title)).toEqual(['Newer', 'Older']);
      expect(page.items[1]).toMatchObject({ code: 'T-000001', quota: 2, quotaUsed: 1, referralCount: 3 });
    });

    it('searches title, company, code and location', async () => {
      await insertTask(t, { title: 'Senior Barista' });
      await insertTask(t, { title: 'Driver', company: 'Grab Malaysia' });
      await insertTask(t, { title: 'Cook', location: 'Penang' });
      expect(await titles('search=barista')).toEqual(['Senior Barista']);
      expect(await titles('search=GRAB')).toEqual(['Driver']);
      expect(await titles('search=penang')).toEqual(['Cook']);
      expect(await titles('search=T-000002')).toEqual(['Driver']);
    });

    it('treats % and _ in a search as plain characters', async () => {
      await insertTask(t, { title: '100% commission' });
      await insertTask(t, { title: '100 ringgit' });
      expect(await titles('search=100%25')).toEqual(['100% commission']);
      expect(await titles('search=_')).toEqual([]);
    });

    it('filters by job type', async () => {
      await insertTask(t, { title: 'Full', job_type: 'ft' });
      await insertTask(t, { title: 'Part', job_type: 'pt' });
      await insertTask(t, { title: 'Intern', job_type: 'intern' });
      expect(await titles('jobType=pt')).toEqual(['Part']);
      expect(await titles('jobType=')).toEqual(['Intern', 'Part', 'Full']);
    });

    it('filters open, closed and EXPIRED apart, by the status recruiters see', async () => {
      await insertTask(t, { title: 'Open' });
      await insertTask(t, { title: 'Closed', status: 'CLOSED' });
      await insertTask(t, { title: 'Closed after its deadline', status: 'CLOSED', expires_at: fromNow(-DAY) });
      await insertTask(t, { title: 'Expired', expires_at: fromNow(-1) });
      await insertTask(t, { title: 'Open until tomorrow', expires_at: fromNow(DAY) });
      expect(await titles('status=open')).toEqual(['Open until tomorrow', 'Open']);
      expect(await titles('status=closed')).toEqual(['Closed after its deadline', 'Closed']);
      expect(await titles('status=EXPIRED')).toEqual(['Expired']);
      expect((await list('status=all')).items.map((x) => [x.title, x.status])).toEqual([
        ['Open until tomorrow', 'OPEN'],
        ['Expired', 'EXPIRED'],
        ['Closed after its deadline', 'CLOSED'],
        ['Closed', 'CLOSED'],
        ['Open', 'OPEN'],
      ]);
      // The clock moves on: tomorrow's deadline passes.
      t.clock.advance(DAY);
      admin = (await t.login('admin@example.com')).accessToken;
      expect(await titles('status=EXPIRED')).toEqual(['Open until tomorrow', 'Expired']);
    });

    it('sorts by latest, earliest, deadline, reward and quota', async () => {
      await insertTask(t, { title: 'A', reward_amount: 5_000, quota: 9, expires_at: fromNow(3 * DAY) });
      await insertTask(t, { title: 'B', reward_amount: 20_000, quota: 1, expires_at: null });
      await insertTask(t, { title: 'C', reward_amount: 10_000, quota: 5, expires_at: fromNow(DAY) });
      expect(await titles()).toEqual(['C', 'B', 'A']);
      expect(await titles('sort=latest')).toEqual(['C', 'B', 'A']);
      expect(await titles('sort=earliest')).toEqual(['A', 'B', 'C']);
      expect(await titles('sort=date')).toEqual(['C', 'A', 'B']);
      expect(await titles('sort=reward')).toEqual(['B', 'C', 'A']);
      expect(await titles('sort=quota')).toEqual(['A', 'C', 'B']);
    });

    it('combines search, job type, status and every sort', async () => {
      await insertTask(t, {
        title: 'Barista A',
        job_type: 'pt',
        reward_amount: 5_000,
        quota: 2,
        expires_at: fromNow(2 * DAY),
      });
      await insertTask(t, {
        title: 'Barista B',
        job_type: 'pt',
        reward_amount: 9_000,
        quota: 1,
        expires_at: fromNow(DAY),
      });
      await insertTask(t, { title: 'Barista C', job_type: 'ft', reward_amount: 7_000, quota: 3 });
      await insertTask(t, { title: 'Barista D', job_type: 'pt', expires_at: fromNow(-DAY) });
      await insertTask(t, { title: 'Cook', job_type: 'pt', reward_amount: 99_000 });
      const expected: Record<string, string[]> = {
        latest: ['Barista B', 'Barista A'],
        earliest: ['Barista A', 'Barista B'],
        date: ['Barista B', 'Barista A'],
        reward: ['Barista B', 'Barista A'],
        quota: ['Barista A', 'Barista B'],
      };
      for (const [sort, titlesInOrder] of Object.entries(expected)) {
        const page = await list(`search=barista&jobType=pt&status=open&sort=${sort}`);
        expect(
          page.items.map((x) => x.title),
          sort,
        ).toEqual(titlesInOrder);
        expect(page.total).toBe(2);
      }
      expect(await titles('jobType=pt&status=EXPIRED&sort=reward')).toEqual(['Barista D']);
      expect(await list('search=barista&page=2')).toMatchObject({ items: [], total: 4 });
      expect(await list('search=nothing-like-this')).toMatchObject({ items: [], total: 0 });
      expect((await list('search=barista&status=all&pageSize=10&page=1')).total).toBe(4);
    });

    it('pages with the seed sizes and counts every match', async () => {
      for (let i = 1; i <= 12; i += 1) await insertTask(t, { title: `Task ${i}` });
      const second = await list('page=2&pageSize=10');
      expect(second).toMatchObject({ page: 2, pageSize: 10, total: 12 });
      expect(second.items.map((x) => x.title)).toEqual(['Task 2', 'Task 1']);
      expect((await list('pageSize=20')).items).toHaveLength(12);
    });

    it('refuses an unknown sort, status or page size', async () => {
      for (const query of ['sort=alpha', 'status=OPEN', 'pageSize=7', 'page=0', 'jobType=boss']) {
        expect((await call('GET', `?${query}`)).status, query).toBe(400);
      }
    });
  });

  describe('edit', () => {
    it('changes every field and keeps the code', async () => {
      const task = await create();
      t.clock.advance(MINUTE);
      const res = await call(
        'PUT',
        `/${task.id}`,
        barista({
          title: 'Head Barista',
          jobType: 'ft',
          isCritical: false,
          quota: 10,
          rewardAmount: 30_000,
          requiredSkills: [],
          requiredLanguages: ['zh'],
          expiresAt: null,
        }),
      );
      expect(res.status).toBe(200);
      const edited = (await res.json()).data as AdminTaskDetail;
      expect(edited).toMatchObject({
        id: task.id,
        code: task.code,
        title: 'Head Barista',
        jobType: 'ft',
        isCritical: false,
        quota: 10,
        rewardAmount: 30_000,
        requiredSkills: [],
        requiredLanguages: ['zh'],
        expiresAt: null,
        createdAt: task.createdAt,
        updatedAt: fromNow(0),
      });
    });

    it('validates an edit as a create', async () => {
      const task = await create();
      expect(await refusal(await call('PUT', `/${task.id}`, barista({ quota: -1, title: '' })))).toEqual({
        title: 'field_required',
        quota: 'quota_invalid',
      });
      expect((await (await call('GET', `/${task.id}`)).json()).data.title).toBe('Barista');
    });

    it('keeps a deadline that has passed when it is not changed, and refuses a new past one', async () => {
      const id = await insertTask(t, { expires_at: fromNow(-DAY) });
      const detail = (await (await call('GET', `/${id}`)).json()).data as AdminTaskDetail;
      const keep = await call('PUT', `/${id}`, barista({ expiresAt: detail.expiresAt, title: 'Renamed' }));
      expect(keep.status).toBe(200);
      expect(await refusal(await call('PUT', `/${id}`, barista({ expiresAt: fromNow(-MINUTE) })))).toEqual({
        expiresAt: 'expires_at_past',
      });
    });

    it('never changes a reward already decided when the reward, currency or quota changes', async () => {
      const task = await create({ rewardAmount: 10_000, quota: 2 });
      const approved = await referNewTalent(t, recruiterId, task.id, {
        reward_status: 'APPROVED',
        reward_amount: 15_000, // task reward plus a promo bonus, fixed at approval
        reward_currency: 'MYR',
        reward_decided_by: adminId,
        reward_decided_at: fromNow(0),
      });
      const paid = await referNewTalent(t, recruiterId, task.id, {
        reward_status: 'PAID',
        reward_amount: 10_000,
        reward_currency: 'MYR',
      });
      const rejected = await referNewTalent(t, recruiterId, task.id, { reward_status: 'REJECTED' });
      const inReview = await referNewTalent(t, recruiterId, task.id);
      const before = await t.db.selectFrom('referrals').selectAll().orderBy('id').execute();

      const res = await call('PUT', `/${task.id}`, barista({ rewardAmount: 99_000, rewardCurrency: 'SGD', quota: 1 }));
      expect(res.status).toBe(200);
      expect((await res.json()).data).toMatchObject({ rewardAmount: 99_000, quota: 1, quotaUsed: 2 });

      const after = await t.db.selectFrom('referrals').selectAll().orderBy('id').execute();
      expect(after).toEqual(before);
      const byId = new Map(after.map((r) => [r.id, r]));
      expect(byId.get(approved)).toMatchObject({
        reward_status: 'APPROVED',
        reward_amount: 15_000,
        reward_currency: 'MYR',
      });
      expect(byId.get(paid)).toMatchObject({ reward_status: 'PAID', reward_amount: 10_000 });
      expect(byId.get(rejected)).toMatchObject({ reward_status: 'REJECTED', reward_amount: null });
      expect(byId.get(inReview)).toMatchObject({ reward_status: null, reward_amount: null });
    });
  });

  describe('close and reopen', () => {
    it('closes a task, so recruiters cannot join it, and reopens it', async () => {
      const task = await create();
      const closed = await call('POST', `/${task.id}/close`);
      expect(closed.status).toBe(200);
      expect((await closed.json()).data.status).toBe('CLOSED');
      expect(await titles('status=closed')).toEqual(['Barista']);
      const join = await t.request(`/api/recruiter/task/${task.id}/join`, {
        method: 'POST',
        headers: bearer(recruiter),
      });
      expect(join.status).toBe(409);

      // Closing twice is the same as once.
      expect((await call('POST', `/${task.id}/close`)).status).toBe(200);

      const reopened = await call('POST', `/${task.id}/reopen`);
      expect(reopened.status).toBe(200);
      expect((await reopened.json()).data.status).toBe('OPEN');
      expect(await titles('status=open')).toEqual(['Barista']);
    });

    it('closes an expired task, and reopens it only with a later deadline', async () => {
      const id = await insertTask(t, { title: 'Late', expires_at: fromNow(-DAY) });
      expect((await (await call('POST', `/${id}/close`)).json()).data.status).toBe('CLOSED');

      const refused = await call('POST', `/${id}/reopen`);
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toMatchObject({
        code: 'CONFLICT',
        fields: { expiresAt: 'expires_at_past' },
      });
      expect(await titles('status=closed')).toEqual(['Late']);

      const detail = (await (await call('GET', `/${id}`)).json()).data as AdminTaskDetail;
      const edit = await call('PUT', `/${id}`, barista({ title: 'Late', expiresAt: fromNow(7 * DAY) }));
      expect(edit.status).toBe(200);
      expect(detail.status).toBe('CLOSED');
      expect((await (await call('POST', `/${id}/reopen`)).json()).data.status).toBe('OPEN');
    });
  });
});
