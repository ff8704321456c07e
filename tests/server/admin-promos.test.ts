import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminPromoInput } from '#src/shared/admin-promo-schemas.ts';
import type { AdminPromoDetail, AdminPromoSummary, PromoTaskItem } from '#src/shared/admin-promo-types.ts';
import { insertPromo, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

describe.each(DIALECTS)('admin promos on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let recruiterId: number;
  let recruiter: string;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const a = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
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
    t.request(`/api/admin/promos${path}`, { method, json, headers: token ? bearer(token) : {} });
  const data = async <T>(res: Response, status = 200) => {
    expect(res.status).toBe(status);
    return (await res.json()).data as T;
  };
  const list = async (query = '') => data<Page<AdminPromoSummary>>(await call('GET', query ? `?${query}` : ''));
  const titles = async (query = '') => (await list(query)).items.map((promo) => promo.title);
  const detail = async (id: number) => data<AdminPromoDetail>(await call('GET', `/${id}`));
  const candidates = async (id: number, query = '') =>
    data<Page<PromoTaskItem>>(await call('GET', `/${id}/candidate-tasks${query ? `?${query}` : ''}`));

  const yearEnd = (values: Partial<AdminPromoInput> = {}): AdminPromoInput => ({
    title: 'Year-end push',
    description: 'RM 50 more for every rewarded referral.',
    startsAt: fromNow(DAY),
    endsAt: fromNow(31 * DAY),
    bonusAmount: 5_000,
    bonusCurrency: 'MYR',
    ...values,
  });
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    return body.error.fields as Record<string, string>;
  };

  describe('authorization', () => {
    it('answers every call to an admin only: 401 anonymous, 403 recruiter', async () => {
      const task = await insertTask(t);
      const other = await insertTask(t);
      const id = await insertPromo(t, [task]);
      const spare = await insertPromo(t, []);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', ''],
        ['GET', `/${id}`],
        ['POST', '', yearEnd()],
        ['PUT', `/${id}`, yearEnd()],
        ['GET', `/${id}/candidate-tasks`],
        ['POST', `/${id}/tasks`, { taskIds: [other] }],
        ['DELETE', `/${id}/tasks/${task}`],
        ['DELETE', `/${spare}`],
      ];
      for (const [method, path, json] of calls) {
        expect((await call(method, path, json, null)).status, `${method} ${path} anonymous`).toBe(401);
        expect((await call(method, path, json, recruiter)).status, `${method} ${path} recruiter`).toBe(403);
        expect((await call(method, path, json, admin)).status, `${method} ${path} admin`).toBeLessThan(300);
      }
    });
  });

  describe('create, edit and read', () => {
    it('creates a promo and shows it with its period and counts', async () => {
      const promo = await data<AdminPromoDetail>(await call('POST', '', yearEnd()), 201);
      expect(promo).toEqual({
        id: expect.any(Number),
        title: 'Year-end push',
        description: 'RM 50 more for every rewarded referral.',
        startsAt: fromNow(DAY),
        endsAt: fromNow(31 * DAY),
        bonusAmount: 5_000,
        bonusCurrency: 'MYR',
        period: 'UPCOMING',
        taskCount: 0,
        referralCount: 0,
        createdAt: fromNow(0),
        updatedAt: fromNow(0),
        tasks: [],
      });
      expect(await detail(promo.id)).toEqual(promo);
    });

    it('takes a promo without a description, with times in any offset, stored in UTC', async () => {
      const promo = await data<AdminPromoDetail>(
        await call(
          'POST',
          '',
          yearEnd({
            description: undefined,
            startsAt: '2026-12-01T00:00:00+08:00',
            endsAt: '2027-01-01T00:00:00+08:00',
          }),
        ),
        201,
      );
      expect(promo).toMatchObject({
        description: '',
        startsAt: '2026-11-30T16:00:00.000Z',
        endsAt: '2026-12-31T16:00:00.000Z',
      });
    });

    it('refuses a period that ends before it starts, and names every bad field', async () => {
      expect(await refusal(await call('POST', '', yearEnd({ endsAt: fromNow(DAY) })))).toEqual({
        endsAt: 'ends_before_starts',
      });
      expect(await refusal(await call('POST', '', yearEnd({ endsAt: fromNow(0) })))).toEqual({
        endsAt: 'ends_before_starts',
      });
      expect(await refusal(await call('POST', '', {}))).toEqual({
        title: 'field_required',
        startsAt: 'field_required',
        endsAt: 'field_required',
        bonusAmount: 'field_required',
      });
      const cases: Array<[Partial<AdminPromoInput>, Record<string, string>]> = [
        [{ title: ' ' }, { title: 'field_required' }],
        [{ bonusAmount: 0 }, { bonusAmount: 'bonus_invalid' }],
        [{ bonusAmount: 12.5 }, { bonusAmount: 'bonus_invalid' }],
        [{ bonusCurrency: 'XYZ' as 'MYR' }, { bonusCurrency: 'currency_invalid' }],
        [{ startsAt: 'tomorrow' }, { startsAt: 'starts_at_invalid' }],
        [{ description: 'x'.repeat(2001) }, { description: 'field_too_long' }],
      ];
      for (const [values, expected] of cases) {
        expect(await refusal(await call('POST', '', yearEnd(values))), JSON.stringify(values)).toEqual(expected);
      }
      expect(await titles()).toEqual([]);
    });

    it('edits every field, validated as a create', async () => {
      const id = await insertPromo(t, []);
      t.clock.advance(MINUTE);
      const edited = await data<AdminPromoDetail>(
        await call('PUT', `/${id}`, yearEnd({ title: 'Chinese New Year', bonusAmount: 8_800, bonusCurrency: 'SGD' })),
      );
      expect(edited).toMatchObject({
        id,
        title: 'Chinese New Year',
        bonusAmount: 8_800,
        bonusCurrency: 'SGD',
        updatedAt: fromNow(0),
      });
      expect(await refusal(await call('PUT', `/${id}`, yearEnd({ startsAt: fromNow(40 * DAY) })))).toEqual({
        endsAt: 'ends_before_starts',
      });
      expect((await detail(id)).title).toBe('Chinese New Year');
    });

    it('answers 404 for a promo that does not exist', async () => {
      expect((await call('GET', '/999')).status).toBe(404);
      expect((await call('PUT', '/999', yearEnd())).status).toBe(404);
      expect((await call('DELETE', '/999')).status).toBe(404);
      expect((await call('GET', '/999/candidate-tasks')).status).toBe(404);
      expect((await call('POST', '/999/tasks', { taskIds: [1] })).status).toBe(404);
    });
  });

  describe('list', () => {
    it('lists promos, the latest starting first, filtered by period and searched by title', async () => {
      const task = await insertTask(t);
      await insertPromo(t, [task], { title: 'Running', starts_at: fromNow(-DAY), ends_at: fromNow(DAY) });
      await insertPromo(t, [], { title: 'Upcoming', starts_at: fromNow(DAY), ends_at: fromNow(2 * DAY) });
      await insertPromo(t, [], { title: 'Ended', starts_at: fromNow(-3 * DAY), ends_at: fromNow(-2 * DAY) });
      const page = await list();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 3 });
      expect(page.items.map((p) => [p.title, p.period, p.taskCount])).toEqual([
        ['Upcoming', 'UPCOMING', 0],
        ['Running', 'RUNNING', 1],
        ['Ended', 'ENDED', 0],
      ]);
      expect(await titles('period=RUNNING')).toEqual(['Running']);
      expect(await titles('period=UPCOMING')).toEqual(['Upcoming']);
      expect(await titles('period=ENDED')).toEqual(['Ended']);
      expect(await titles('search=upcom')).toEqual(['Upcoming']);
      expect((await call('GET', '?period=SOON')).status).toBe(400);
    });
  });

  describe('delete', () => {
    it('deletes a promo no referral was made under, with its task list', async () => {
      const task = await insertTask(t);
      const id = await insertPromo(t, [task]);
      expect(await data(await call('DELETE', `/${id}`))).toEqual({ deleted: true });
      expect((await call('GET', `/${id}`)).status).toBe(404);
      expect(await t.db.selectFrom('promo_tasks').selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom('tasks').select('id').execute()).toEqual([{ id: task }]);
    });

    it('refuses to delete a promo a referral carries (409), and keeps it', async () => {
      const task = await insertTask(t);
      const id = await insertPromo(t, [task]);
      await referNewTalent(t, recruiterId, task, { promo_id: id });
      const res = await call('DELETE', `/${id}`);
      expect(res.status).toBe(409);
      expect((await res.json()).error.code).toBe('CONFLICT');
      expect(await detail(id)).toMatchObject({ referralCount: 1, taskCount: 1 });
    });
  });

  describe('tasks of a promo', () => {
    it('adds tasks, ignores ones already in it, and shows them the last added first', async () => {
      const a = await insertTask(t, { title: 'Barista' });
      const b = await insertTask(t, { title: 'Cook', status: 'CLOSED' });
      const c = await insertTask(t, { title: 'Driver', expires_at: fromNow(-DAY) });
      const id = await insertPromo(t, []);
      expect(await data(await call('POST', `/${id}/tasks`, { taskIds: [a] }))).toEqual({ added: 1, taskCount: 1 });
      t.clock.advance(MINUTE);
      expect(await data(await call('POST', `/${id}/tasks`, { taskIds: [a, b, c, b] }))).toEqual({
        added: 2,
        taskCount: 3,
      });
      const promo = await detail(id);
      expect(promo.taskCount).toBe(3);
      expect(promo.tasks.map((task) => [task.title, task.status])).toEqual([
        ['Driver', 'EXPIRED'],
        ['Cook', 'CLOSED'],
        ['Barista', 'OPEN'],
      ]);
      expect(promo.tasks[2]).toEqual({
        id: a,
        code: 'T-000001',
        title: 'Barista',
        company: 'Acme Sdn Bhd',
        jobType: 'ft',
        location: 'Kuala Lumpur',
        rewardAmount: 10_000,
        rewardCurrency: 'MYR',
        status: 'OPEN',
        expiresAt: null,
        addedAt: fromNow(-MINUTE),
      });
    });

    it('shows an added task with the promo bonus on the recruiter board while the promo runs', async () => {
      const task = await insertTask(t, { title: 'Barista' });
      const id = await insertPromo(t, [], { bonus_amount: 7_000 });
      await call('POST', `/${id}/tasks`, { taskIds: [task] });
      const res = await t.request(`/api/recruiter/task/${task}`, { headers: bearer(recruiter) });
      expect((await res.json()).data.promo).toMatchObject({ promoId: id, amount: 7_000 });
    });

    it('adds nothing when one of the tasks does not exist, and refuses an empty or bad list', async () => {
      const a = await insertTask(t);
      const id = await insertPromo(t, []);
      expect(await refusal(await call('POST', `/${id}/tasks`, { taskIds: [a, 999] }))).toEqual({
        taskIds: 'task_not_found',
      });
      expect(await refusal(await call('POST', `/${id}/tasks`, { taskIds: [] }))).toEqual({
        taskIds: 'task_ids_required',
      });
      expect(await refusal(await call('POST', `/${id}/tasks`, { taskIds: ['a'] }))).toEqual({
        'taskIds.0': 'task_ids_invalid',
      });
      expect(
        await refusal(await call('POST', `/${id}/tasks`, { taskIds: Array.from({ length: 101 }, (_, i) => i + 1) })),
      ).toEqual({ taskIds: 'task_ids_too_many' });
      expect((await detail(id)).tasks).toEqual([]);
    });

    it('removes a task from the promo, and answers 404 for one not in it', async () => {
      const a = await insertTask(t);
      const b = await insertTask(t);
      const id = await insertPromo(t, [a, b]);
      expect(await data(await call('DELETE', `/${id}/tasks/${a}`))).toEqual({ removed: true, taskCount: 1 });
      expect((await detail(id)).tasks.map((task) => task.id)).toEqual([b]);
      expect((await call('DELETE', `/${id}/tasks/${a}`)).status).toBe(404);
      // The task itself stays.
      expect(await t.db.selectFrom('tasks').select('id').where('id', '=', a).execute()).toEqual([{ id: a }]);
    });

    it('offers the open tasks not in the promo, newest first, searchable and paged', async () => {
      const inPromo = await insertTask(t, { title: 'Barista' });
      await insertTask(t, { title: 'Cook' });
      await insertTask(t, { title: 'Closed cook', status: 'CLOSED' });
      await insertTask(t, { title: 'Expired cook', expires_at: fromNow(-1) });
      await insertTask(t, { title: 'Driver', expires_at: fromNow(DAY) });
      const id = await insertPromo(t, [inPromo]);
      const page = await candidates(id);
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 2 });
      expect(page.items.map((task) => task.title)).toEqual(['Driver', 'Cook']);
      expect((await candidates(id, 'search=COOK')).items.map((task) => task.title)).toEqual(['Cook']);
      expect((await candidates(id, 'search=T-000005')).items.map((task) => task.title)).toEqual(['Driver']);
      // Another promo's tasks are still candidates here.
      const other = await insertPromo(t, []);
      expect((await candidates(other)).total).toBe(3);
    });
  });
});
