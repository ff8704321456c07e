import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderEmail } from '#src/server/mail/templates.ts';
import type { RecruiterDetail, RecruiterRow } from '#src/shared/admin-recruiter-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { MyTaskCard, ReferralSummary } from '#src/shared/recruiter-types.ts';
import { insertMember, insertTask, referNewTalent } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe.each(DIALECTS)('admin recruiters on %s', (dialect) => {
  let t: TestApp;
  let admin: { id: number; token: string };
  beforeEach(async () => {
    t = await createTestApp(dialect);
    const user = await t.createUser({ email: 'admin@example.com', roles: ['ROLE_ADMIN'] });
    admin = { id: user.id, token: (await t.login(user.email)).accessToken };
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (path: string, init: { method?: string; json?: unknown; token?: string | null } = {}) =>
    t.request(`/api/admin/recruiters${path}`, {
      method: init.method ?? 'GET',
      json: init.json,
      headers: init.token === null ? {} : bearer(init.token ?? admin.token),
    });
  const ok = async <T>(res: Response, status = 200): Promise<T> => {
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(status);
    return body.data as T;
  };
  const list = async (query = '') => ok<ListPage<RecruiterRow>>(await call(query ? `?${query}` : ''));
  const names = async (query = '') => (await list(query)).items.map((r) => r.fullName);

  /** A recruiter named `name`, created `minutesAgo` minutes before now. */
  async function recruiter(name: string, values: { minutesAgo?: number; email?: string; roles?: string[] } = {}) {
    const user = await t.createUser({
      email: values.email ?? `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
      roles: values.roles,
    });
    const at = new Date(t.clock.now().getTime() - (values.minutesAgo ?? 0) * MINUTE).toISOString();
    await t.db.updateTable('users').set({ full_name: name, created_at: at }).where('id', '=', user.id).execute();
    return user;
  }

  describe('the list', () => {
    it('lists recruiters, not admins, newest first, with their tasks, referrals and earnings', async () => {
      const aina = await recruiter('Aina Rahman', { minutesAgo: 30 });
      const bala = await recruiter('Bala Krishnan', { minutesAgo: 20 });
      await recruiter('Chen Mei Ling', { minutesAgo: 10 });
      const myr = await insertTask(t, { quota: 20 });
      const sgd = await insertTask(t, { reward_currency: 'SGD' });
      await insertMember(t, aina.id, myr);
      await insertMember(t, aina.id, sgd, admin.id);
      await insertMember(t, bala.id, myr);
      const reward = (status: string, amount: number, currency = 'MYR') => ({
        reward_status: status,
        reward_amount: amount,
        reward_currency: currency,
      });
      await referNewTalent(t, aina.id, myr, reward('APPROVED', 10_000));
      await referNewTalent(t, aina.id, myr, reward('PENDING_PAYMENT', 12_000));
      await referNewTalent(t, aina.id, myr, reward('PAID', 15_000));
      await referNewTalent(t, aina.id, sgd, reward('PAID', 5_000, 'SGD'));
      // Not earned: refused, over quota, or not decided yet.
      await referNewTalent(t, aina.id, myr, reward('REJECTED', 10_000));
      await referNewTalent(t, aina.id, myr, { reward_status: 'EXCEED_QUOTA' });
      await referNewTalent(t, aina.id, myr);
      await referNewTalent(t, bala.id, myr);

      const page = await list();
      expect(page).toMatchObject({ page: 1, pageSize: 10, total: 3 });
      expect(page.items.map((r) => r.fullName)).toEqual(['Chen Mei Ling', 'Bala Krishnan', 'Aina Rahman']);
      const [chen, b, a] = page.items;
      expect(a).toMatchObject({
        id: aina.id,
        email: 'aina.rahman@example.com',
        status: 'ACTIVE',
        isAdmin: false,
        counts: { tasks: 2, referrals: 7 },
        // Per currency, the main currency first, in minor units.
        earnings: [
          { currency: 'MYR', amount: 37_000 },
          { currency: 'SGD', amount: 5_000 },
        ],
      });
      expect(b).toMatchObject({ counts: { tasks: 1, referrals: 1 }, earnings: [] });
      expect(chen).toMatchObject({ counts: { tasks: 0, referrals: 0 }, earnings: [] });
    });

    it('searches names and e-mails, ignoring case; % and _ match only themselves', async () => {
      await recruiter('Aina Rahman');
      await recruiter('Bala Krishnan', { email: 'bala@kerja.my' });
      await recruiter('Cik 100% Siti', { email: 'siti_100@example.com' });
      expect(await names('search=AINA')).toEqual(['Aina Rahman']);
      expect(await names('search=kerja.MY')).toEqual(['Bala Krishnan']);
      expect(await names('search=100%25')).toEqual(['Cik 100% Siti']);
      expect(await names('search=i_1')).toEqual(['Cik 100% Siti']);
      expect(await names('search=a_n')).toEqual([]);
      expect(await names('search=nobody')).toEqual([]);
    });

    it('sorts by latest, earliest and name', async () => {
      await recruiter('bala Krishnan', { minutesAgo: 10 });
      await recruiter('Chen Mei Ling', { minutesAgo: 30 });
      await recruiter('Aina Rahman', { minutesAgo: 20 });
      expect(await names('sort=LATEST')).toEqual(['bala Krishnan', 'Aina Rahman', 'Chen Mei Ling']);
      expect(await names('sort=EARLIEST')).toEqual(['Chen Mei Ling', 'Aina Rahman', 'bala Krishnan']);
      expect(await names('sort=ALPHABETICAL')).toEqual(['Aina Rahman', 'bala Krishnan', 'Chen Mei Ling']);
    });

    it('filters active and deactivated recruiters, or shows all', async () => {
      await recruiter('Aina Rahman', { minutesAgo: 2 });
      const gone = await recruiter('Bala Krishnan', { minutesAgo: 1 });
      await t.db.updateTable('users').set({ status: 'DEACTIVATE' }).where('id', '=', gone.id).execute();
      expect(await names('status=ACTIVE')).toEqual(['Aina Rahman']);
      expect(await names('status=DEACTIVATE')).toEqual(['Bala Krishnan']);
      expect(await names('status=all')).toEqual(['Bala Krishnan', 'Aina Rahman']);
      expect(await names()).toEqual(['Bala Krishnan', 'Aina Rahman']);
    });

    it("pages with the seed's page sizes and refuses other sizes", async () => {
      for (let i = 1; i <= 12; i++) await recruiter(`Recruiter ${String(i).padStart(2, '0')}`, { minutesAgo: i });
      const first = await list('sort=ALPHABETICAL');
      expect(first).toMatchObject({ page: 1, pageSize: 10, total: 12 });
      expect(first.items).toHaveLength(10);
      const second = await list('sort=ALPHABETICAL&page=2');
      expect(second.items.map((r) => r.fullName)).toEqual(['Recruiter 11', 'Recruiter 12']);
      expect((await list('pageSize=20')).items).toHaveLength(12);
      const refused = await call('?pageSize=15');
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.fields).toEqual({ pageSize: 'field_invalid' });
    });

    it('answers one recruiter with counts and what was paid; 404 for an admin or an unknown id', async () => {
      const aina = await recruiter('Aina Rahman');
      const task = await insertTask(t);
      await insertMember(t, aina.id, task);
      await referNewTalent(t, aina.id, task, {
        reward_status: 'APPROVED',
        reward_amount: 10_000,
        reward_currency: 'MYR',
      });
      await referNewTalent(t, aina.id, task, { reward_status: 'PAID', reward_amount: 15_000, reward_currency: 'MYR' });
      const detail = await ok<RecruiterDetail>(await call(`/${aina.id}`));
      expect(detail).toMatchObject({
        fullName: 'Aina Rahman',
        counts: { tasks: 1, referrals: 2 },
        earnings: [{ currency: 'MYR', amount: 25_000 }],
        paid: [{ currency: 'MYR', amount: 15_000 }],
      });
      expect((await call(`/${admin.id}`)).status).toBe(404);
      expect((await call('/99999')).status).toBe(404);
    });
  });

  describe('adding a recruiter', () => {
    const add = (json: unknown) => call('', { method: 'POST', json });

    it('creates an account with a temporary password and queues the invitation in the chosen language', async () => {
      const res = await add({
        fullName: ' Siti Nurhaliza ',
        email: 'Siti@Example.com',
        phone: '012-345 6789',
        locale: 'ms',
      });
      const row = await ok<RecruiterRow>(res, 201);
      expect(row).toMatchObject({
        fullName: 'Siti Nurhaliza',
        email: 'siti@example.com',
        phone: '+60123456789',
        status: 'ACTIVE',
        locale: 'ms',
        needToChangePassword: true,
        counts: { tasks: 0, referrals: 0 },
        earnings: [],
      });
      expect(await names()).toEqual(['Siti Nurhaliza']);

      const mails = await t.db.selectFrom('email_outbox').selectAll().execute();
      expect(mails).toHaveLength(1);
      const mail = mails[0];
      expect(mail).toMatchObject({ to_address: 'siti@example.com', locale: 'ms', template: 'recruiter_invitation' });
      const payload = JSON.parse(mail?.payload ?? '{}');
      expect(payload).toMatchObject({
        name: 'Siti Nurhaliza',
        email: 'siti@example.com',
        link: 'https://recruiter.example/ms/login',
      });
      const password = payload.temporaryPassword as string;
      expect(password).toMatch(/^[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-[A-Za-z2-9]{5}$/);
      // The password is in the e-mail only: never stored in clear, never in the answer.
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(row)).not.toContain(password);
      const rendered = renderEmail('recruiter_invitation', mail?.locale ?? '', payload, { appUrl: t.env.APP_URL });
      expect(rendered.text).toContain(password);
      expect(rendered.text).toContain('https://recruiter.example/ms/login');
      expect(rendered.html).toContain('lang="ms"');

      // First login with the temporary password: no session, a token to set their own password.
      const login = await t.request('/api/auth/login', {
        method: 'POST',
        json: { email: 'siti@example.com', password },
      });
      const answer = await login.json();
      expect(answer).toMatchObject({ needToChangePassword: true, accessToken: null, token: expect.any(String) });
      const update = await t.request('/api/recruiter/auth/update/password', {
        method: 'POST',
        json: { token: answer.token, password: 'Siti#2026x', confirmPassword: 'Siti#2026x' },
      });
      expect(update.status).toBe(200);
      const second = await t.request('/api/auth/login', {
        method: 'POST',
        json: { email: 'siti@example.com', password: 'Siti#2026x' },
      });
      const tokens = await second.json();
      expect(tokens).toMatchObject({ needToChangePassword: false, accessToken: expect.any(String) });
      const me = await t.request('/api/recruiter/auth/me', { headers: bearer(tokens.accessToken) });
      expect((await me.json()).data).toMatchObject({
        roles: ['ROLE_RECRUITER'],
        locale: 'ms',
        timezone: 'Asia/Kuala_Lumpur',
        needToChangePassword: false,
        remainingAiNoteImprovement: 20,
      });
    });

    it('refuses an e-mail that already has an account, whatever its case, and queues nothing', async () => {
      await recruiter('Aina Rahman', { email: 'aina@example.com' });
      const res = await add({ fullName: 'Aina Two', email: 'AINA@example.com', locale: 'en' });
      expect(res.status).toBe(409);
      expect((await res.json()).error).toMatchObject({ code: 'CONFLICT', fields: { email: 'email_taken' } });
      const admins = await add({ fullName: 'Not Admin', email: 'admin@example.com' });
      expect(admins.status).toBe(409);
      expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(0);
      expect(await names()).toEqual(['Aina Rahman']);
    });

    it('answers bad fields with one message key each', async () => {
      const res = await add({ fullName: '  ', email: 'not-an-email', phone: '12', locale: 'fr' });
      expect(res.status).toBe(400);
      expect((await res.json()).error.fields).toEqual({
        fullName: 'field_required',
        email: 'email_invalid',
        phone: 'phone_invalid',
        locale: 'field_invalid',
      });
      // Phone and language may be left out: no phone, English.
      const row = await ok<RecruiterRow>(await add({ fullName: 'Tan Ah Kow', email: 'tan@example.com' }), 201);
      expect(row).toMatchObject({ phone: null, locale: 'en' });
      const mail = await t.db.selectFrom('email_outbox').selectAll().executeTakeFirstOrThrow();
      expect(mail.locale).toBe('en');
      expect(JSON.parse(mail.payload).link).toBe('https://recruiter.example/login');
    });
  });

  describe('the invitation expires (issue 22, finding 7)', () => {
    const loginWith = async (password: string) =>
      t.request('/api/auth/login', { method: 'POST', json: { email: 'siti@example.com', password } });
    const invitations = async () =>
      (await t.db.selectFrom('email_outbox').selectAll().where('template', '=', 'recruiter_invitation').execute()).map(
        (mail) => ({ mail, payload: JSON.parse(mail.payload) as Record<string, string> }),
      );
    // The admin's own login expires as the clock moves on: a fresh one after each jump.
    const later = async (ms: number) => {
      t.clock.advance(ms);
      admin.token = (await t.login('admin@example.com')).accessToken;
    };
    async function invite() {
      const row = await ok<RecruiterRow>(
        await call('', {
          method: 'POST',
          json: { fullName: 'Siti Nurhaliza', email: 'siti@example.com', locale: 'ms' },
        }),
        201,
      );
      const [first] = await invitations();
      return { row, password: first?.payload.temporaryPassword ?? '' };
    }

    it('works for 7 days, says until when in the e-mail, then refuses the temporary password only', async () => {
      const { row, password } = await invite();
      const until = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
      expect(row.invitationExpiresAt).toBe(until);
      const [sent] = await invitations();
      if (!sent) throw new Error('no invitation was queued');
      const { mail, payload } = sent;
      expect(payload.expiresAt).toBe(until);
      // 2026-11-22T02:00Z + 7 days, in Malaysia's time and labelled with its offset.
      const rendered = renderEmail('recruiter_invitation', mail.locale, payload, { appUrl: t.env.APP_URL });
      expect(rendered.text).toContain('Kata laluan sementara ini sah sehingga 29 Nov 2026');
      expect(rendered.text).toMatch(/GMT\+8/);
      const english = renderEmail('recruiter_invitation', 'en', payload, { appUrl: t.env.APP_URL });
      expect(english.text).toMatch(/This temporary password works until Nov 29, 2026, 10:00\sAM GMT\+8\./);

      t.clock.advance(7 * DAY - MINUTE);
      expect(await (await loginWith(password)).json()).toMatchObject({ needToChangePassword: true });
      await later(MINUTE);
      const expired = await loginWith(password);
      expect(expired.status).toBe(401);
      expect((await expired.json()).error).toMatchObject({ code: 'TEMPORARY_PASSWORD_EXPIRED' });
      // A wrong password learns nothing about the invitation.
      const wrong = await loginWith('Wrong-Password-1');
      expect((await wrong.json()).error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      // The admin sees it, in the list and on the recruiter.
      expect((await list()).items[0]).toMatchObject({
        id: row.id,
        needToChangePassword: true,
        invitationExpiresAt: until,
      });
    });

    it('a new invitation replaces the password at once, with a new week, in the recruiter’s language', async () => {
      const { row, password: first } = await invite();
      await later(8 * DAY);
      const again = await ok<RecruiterRow>(await call(`/${row.id}/invitation`, { method: 'POST' }));
      const until = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
      expect(again).toMatchObject({ id: row.id, needToChangePassword: true, invitationExpiresAt: until });
      const sent = await invitations();
      expect(sent).toHaveLength(2);
      const second = sent[1];
      expect(second?.mail).toMatchObject({ to_address: 'siti@example.com', locale: 'ms' });
      expect(second?.payload).toMatchObject({ name: 'Siti Nurhaliza', expiresAt: until });
      const password = second?.payload.temporaryPassword ?? '';
      expect(password).not.toBe(first);

      expect((await (await loginWith(first)).json()).error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      const answer = await (await loginWith(password)).json();
      expect(answer).toMatchObject({ needToChangePassword: true, token: expect.any(String) });
      const update = await t.request('/api/recruiter/auth/update/password', {
        method: 'POST',
        json: { token: answer.token, password: 'Siti#2026x', confirmPassword: 'Siti#2026x' },
      });
      expect(update.status).toBe(200);
      // Her own password never expires; the invitation is over and cannot be sent again.
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ need_to_change_password: 0, temporary_password_expires_at: null });
      await later(30 * DAY);
      expect(await (await loginWith('Siti#2026x')).json()).toMatchObject({ needToChangePassword: false });
      expect(await ok(await call(`/${row.id}`))).toMatchObject({
        needToChangePassword: false,
        invitationExpiresAt: null,
      });
      const refused = await call(`/${row.id}/invitation`, { method: 'POST' });
      expect(refused.status).toBe(409);
      expect(await invitations()).toHaveLength(2);
      expect((await call('/999999/invitation', { method: 'POST' })).status).toBe(404);
    });
  });

  describe('activating and deactivating', () => {
    const setStatus = (id: number, status: string) => call(`/${id}/status`, { method: 'PATCH', json: { status } });

    it("ends a deactivated recruiter's sessions at once, and lets them back in once reactivated", async () => {
      const aina = await recruiter('Aina Rahman');
      const phone = await t.login(aina.email, false, '10.0.0.2');
      const laptop = await t.login(aina.email, true, '10.0.0.3');
      const me = (token: string) => t.request('/api/recruiter/auth/me', { headers: bearer(token) });
      expect((await me(phone.accessToken)).status).toBe(200);

      const row = await ok<RecruiterRow>(await setStatus(aina.id, 'DEACTIVATE'));
      expect(row.status).toBe('DEACTIVATE');
      expect((await me(phone.accessToken)).status).toBe(401);
      expect((await me(laptop.accessToken)).status).toBe(401);
      const board = await t.request('/api/recruiter/task', { headers: bearer(laptop.accessToken) });
      expect(board.status).toBe(401);
      const refresh = await t.request('/api/recruiter/auth/refresh-token', {
        headers: { 'x-refresh-token': laptop.refreshToken },
      });
      expect(refresh.status).toBe(401);
      const sessions = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', aina.id).execute();
      expect(sessions.map((s) => s.revoked_reason)).toEqual(['DEACTIVATED', 'DEACTIVATED']);
      await expect(t.login(aina.email)).rejects.toThrow(/403/);

      expect((await ok<RecruiterRow>(await setStatus(aina.id, 'ACTIVE'))).status).toBe('ACTIVE');
      // The old login stays ended; a new one works.
      const again = await t.request('/api/recruiter/auth/refresh-token', {
        headers: { 'x-refresh-token': laptop.refreshToken },
      });
      expect(again.status).toBe(401);
      const fresh = await t.login(aina.email);
      expect((await me(fresh.accessToken)).status).toBe(200);
    });

    it('never deactivates an admin, even one who also recruits, and leaves their sessions alone', async () => {
      const both = await recruiter('Both Roles', { roles: ['ROLE_RECRUITER', 'ROLE_ADMIN'] });
      const res = await setStatus(both.id, 'DEACTIVATE');
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('FORBIDDEN');
      expect((await list()).items[0]).toMatchObject({ isAdmin: true, status: 'ACTIVE' });
      // An admin-only account is not a recruiter at all; nor is the caller.
      expect((await setStatus(admin.id, 'DEACTIVATE')).status).toBe(404);
      const me = await t.request('/api/recruiter/auth/me', { headers: bearer(admin.token) });
      expect(me.status).toBe(200);
    });

    it('refuses an unknown status and an unknown recruiter', async () => {
      const aina = await recruiter('Aina Rahman');
      expect((await setStatus(aina.id, 'BANNED')).status).toBe(400);
      expect((await setStatus(99999, 'DEACTIVATE')).status).toBe(404);
    });
  });

  describe("a recruiter's tasks and talents", () => {
    it('lists the tasks they are in with their own referrals counted, and the referrals of one task', async () => {
      const aina = await recruiter('Aina Rahman');
      const bala = await recruiter('Bala Krishnan');
      const planner = await insertTask(t, { title: 'Route Planner' });
      const driver = await insertTask(t, { title: 'Forklift Driver', status: 'CLOSED' });
      const theirs = await insertTask(t, { title: 'Cashier' });
      await insertMember(t, aina.id, planner);
      await insertMember(t, aina.id, driver, admin.id);
      await insertMember(t, bala.id, planner);
      await insertMember(t, bala.id, theirs);
      await referNewTalent(t, aina.id, planner, { consent_status: 'CONFIRMED' });
      await referNewTalent(t, aina.id, planner, { reward_status: 'APPROVED', reward_amount: 10_000 });
      await referNewTalent(t, bala.id, planner);

      const tasks = await ok<ListPage<MyTaskCard>>(await call(`/${aina.id}/tasks?status=all`));
      expect(tasks.total).toBe(2);
      expect(tasks.items.map((c) => [c.title, c.counts.total, c.joined])).toEqual([
        ['Forklift Driver', 0, true],
        ['Route Planner', 2, true],
      ]);
      const open = await ok<ListPage<MyTaskCard>>(await call(`/${aina.id}/tasks`));
      expect(open.items.map((c) => c.title)).toEqual(['Route Planner']);

      const detail = await ok<{ task: { title: string }; counts: { total: number }; referrals: ReferralSummary[] }>(
        await call(`/${aina.id}/tasks/${planner}`),
      );
      expect(detail.task.title).toBe('Route Planner');
      expect(detail.counts.total).toBe(2);
      expect(detail.referrals).toHaveLength(2);
      expect(new Set(detail.referrals.map((r) => r.rewardStatus))).toEqual(new Set([null, 'APPROVED']));
      expect((await call(`/${aina.id}/tasks/${theirs}`)).status).toBe(404);
      expect((await call(`/99999/tasks/${planner}`)).status).toBe(404);
    });

    it('shows the talent view: their referrals across tasks, filtered and paged', async () => {
      const aina = await recruiter('Aina Rahman');
      const bala = await recruiter('Bala Krishnan');
      const planner = await insertTask(t, { title: 'Route Planner' });
      const driver = await insertTask(t, { title: 'Forklift Driver' });
      await referNewTalent(t, aina.id, planner, { consent_status: 'CONFIRMED' });
      await referNewTalent(t, aina.id, driver, { consent_status: 'DECLINED', hiring_status: 'WITHDRAWN' });
      await referNewTalent(t, bala.id, planner);
      const all = await ok<ListPage<ReferralSummary>>(await call(`/${aina.id}/talents`));
      expect(all.total).toBe(2);
      expect(all.items.map((r) => r.taskTitle).sort()).toEqual(['Forklift Driver', 'Route Planner']);
      const declined = await ok<ListPage<ReferralSummary>>(await call(`/${aina.id}/talents?consent=DECLINED`));
      expect(declined.items.map((r) => [r.taskTitle, r.hiringStatus])).toEqual([['Forklift Driver', 'WITHDRAWN']]);
      const byTask = await ok<ListPage<ReferralSummary>>(await call(`/${aina.id}/talents?taskId=${planner}`));
      expect(byTask.items.map((r) => r.taskTitle)).toEqual(['Route Planner']);
      expect((await call(`/${aina.id}/talents?pageSize=7`)).status).toBe(400);
    });

    it('offers only open tasks they are not in, searchable', async () => {
      const aina = await recruiter('Aina Rahman');
      const joined = await insertTask(t, { title: 'Route Planner' });
      await insertTask(t, { title: 'Forklift Driver', status: 'CLOSED' });
      await insertTask(t, {
        title: 'Night Picker',
        expires_at: new Date(t.clock.now().getTime() - MINUTE).toISOString(),
      });
      await insertTask(t, { title: 'Day Picker', expires_at: new Date(t.clock.now().getTime() + DAY).toISOString() });
      await insertTask(t, { title: 'Barista', company: 'Kopi Kita' });
      await insertMember(t, aina.id, joined);
      const offered = await ok<ListPage<{ title: string; status: string }>>(await call(`/${aina.id}/assignable-tasks`));
      expect(offered.items.map((task) => task.title)).toEqual(['Barista', 'Day Picker']);
      expect(offered.items.every((task) => task.status === 'OPEN')).toBe(true);
      const search = await ok<ListPage<{ title: string }>>(await call(`/${aina.id}/assignable-tasks?search=kopi`));
      expect(search.items.map((task) => task.title)).toEqual(['Barista']);
    });

    it('assigns a task once, by the admin; refuses closed, expired and unknown tasks', async () => {
      const aina = await recruiter('Aina Rahman');
      const open = await insertTask(t, { title: 'Route Planner' });
      const closed = await insertTask(t, { status: 'CLOSED' });
      const expired = await insertTask(t, { expires_at: new Date(t.clock.now().getTime() - MINUTE).toISOString() });
      const assign = (taskId: unknown, id = aina.id) => call(`/${id}/tasks`, { method: 'POST', json: { taskId } });

      expect(await ok(await assign(open))).toEqual({ recruiterId: aina.id, taskId: open, created: true });
      // A retry changes nothing and still succeeds.
      expect(await ok(await assign(open))).toEqual({ recruiterId: aina.id, taskId: open, created: false });
      const rows = await t.db.selectFrom('recruiter_tasks').selectAll().where('recruiter_id', '=', aina.id).execute();
      expect(rows.map((r) => [r.task_id, r.assigned_by])).toEqual([[open, admin.id]]);

      const refusedClosed = await assign(closed);
      expect(refusedClosed.status).toBe(409);
      expect((await refusedClosed.json()).error).toMatchObject({ code: 'CONFLICT', message: 'This task is closed.' });
      const refusedExpired = await assign(expired);
      expect(refusedExpired.status).toBe(409);
      expect((await refusedExpired.json()).error.message).toBe('This task has expired.');
      expect((await assign(99999)).status).toBe(404);
      expect((await assign('x')).status).toBe(400);
      expect((await assign(open, admin.id)).status).toBe(404);

      // The recruiter sees it in their own Manage Task.
      const token = (await t.login(aina.email)).accessToken;
      const mine = await t.request('/api/recruiter/recruiter/task?status=all', { headers: bearer(token) });
      expect((await mine.json()).data.items.map((c: MyTaskCard) => c.title)).toEqual(['Route Planner']);
      // And it is no longer offered for assignment.
      const offered = await ok<ListPage<{ id: number }>>(await call(`/${aina.id}/assignable-tasks`));
      expect(offered.items.map((task) => task.id)).not.toContain(open);
    });
  });

  describe('authorization', () => {
    it('lets only admins make every call: anonymous 401, recruiter 403', async () => {
      const aina = await recruiter('Aina Rahman');
      const task = await insertTask(t);
      const other = await insertTask(t);
      await insertMember(t, aina.id, task);
      const recruiterToken = (await t.login(aina.email)).accessToken;
      let n = 0;
      const calls: Array<{ method: string; path: string; json?: () => unknown; status: number }> = [
        { method: 'GET', path: '', status: 200 },
        {
          method: 'POST',
          path: '',
          json: () => ({ fullName: `New ${++n}`, email: `new${n}@example.com` }),
          status: 201,
        },
        { method: 'GET', path: `/${aina.id}`, status: 200 },
        { method: 'PATCH', path: `/${aina.id}/status`, json: () => ({ status: 'ACTIVE' }), status: 200 },
        { method: 'GET', path: `/${aina.id}/tasks`, status: 200 },
        { method: 'POST', path: `/${aina.id}/tasks`, json: () => ({ taskId: other }), status: 200 },
        { method: 'GET', path: `/${aina.id}/tasks/${task}`, status: 200 },
        { method: 'GET', path: `/${aina.id}/talents`, status: 200 },
        { method: 'GET', path: `/${aina.id}/assignable-tasks`, status: 200 },
        // Aina set her own password: nothing to re-send (and nothing is queued).
        { method: 'POST', path: `/${aina.id}/invitation`, status: 409 },
      ];
      for (const c of calls) {
        const as = async (token: string | null) =>
          (await call(c.path, { method: c.method, json: c.json?.(), token })).status;
        expect(await as(null), `${c.method} ${c.path} anonymous`).toBe(401);
        expect(await as(recruiterToken), `${c.method} ${c.path} recruiter`).toBe(403);
        expect(await as(admin.token), `${c.method} ${c.path} admin`).toBe(c.status);
      }
      // Nothing was created by the refused calls.
      expect(await t.db.selectFrom('email_outbox').selectAll().execute()).toHaveLength(1);
    });
  });
});
