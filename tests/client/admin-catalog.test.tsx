import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertPromo, insertReferral, insertTalent, insertTask, referNewTalent } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Tasks and Promo (/admin/tasks, /admin/promo and below) against the real API in-process:
// tasks in every state, a running promo with a referral made under it, an admin logged in.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const db = () => server.db;
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });

let adminEmail: string;
let tasks: { planner: number; barista: number; late: number; expired: number; cook: number; driver: number };
let promos: { logistics: number; spare: number };
let approvedReferral: number;

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const recruiterId = (
    await db().selectFrom('users').select('id').where('email', '=', recruiterEmail).executeTakeFirstOrThrow()
  ).id;
  tasks = {
    planner: await insertTask(rows(), { title: 'Route Planner', reward_amount: 20_000, quota: 3 }),
    barista: await insertTask(rows(), { title: 'Barista', company: 'Kopi Kita', job_type: 'pt' }),
    late: await insertTask(rows(), { title: 'Night Auditor', status: 'CLOSED', expires_at: at(-2 * DAY) }),
    expired: await insertTask(rows(), { title: 'Stock Taker', expires_at: at(-DAY) }),
    cook: await insertTask(rows(), { title: 'Line Cook', company: 'Dapur Sedap', expires_at: at(30 * DAY) }),
    driver: await insertTask(rows(), { title: 'Delivery Driver', company: 'Laju Express' }),
  };
  promos = {
    logistics: await insertPromo(rows(), [tasks.planner], { title: 'Logistics Month', bonus_amount: 5_000 }),
    spare: await insertPromo(rows(), [tasks.barista, tasks.cook], {
      title: 'Cafe Week',
      starts_at: at(10 * DAY),
      ends_at: at(17 * DAY),
    }),
  };
  const talent = await insertTalent(rows(), recruiterId, { full_name: 'Siti Aminah' });
  approvedReferral = await insertReferral(rows(), talent, tasks.planner, {
    reward_status: 'APPROVED',
    reward_amount: 25_000,
    reward_currency: 'MYR',
    promo_id: promos.logistics,
  });
  await referNewTalent(rows(), recruiterId, tasks.planner);
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

const toastMessages = () => getToasts().map((toast) => toast.message);
const taskTable = async () => within(await screen.findByRole('table', { name: 'Tasks' }));
const taskRow = async (title: string) => {
  const row = (await taskTable()).getByText(title).closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};
const rowTitles = () =>
  screen.getAllByTestId('admin-task-row').map((row) => row.querySelector('.font-semibold')?.textContent);
const task = (id: number) => db().selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Admin › Tasks', () => {
  it('lists every task, newest first, with status, reward, quota used and referrals', async () => {
    renderAppAt('/admin/tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' })).toBeTruthy();
    await taskTable();
    expect(rowTitles()).toEqual([
      'Delivery Driver',
      'Line Cook',
      'Stock Taker',
      'Night Auditor',
      'Barista',
      'Route Planner',
    ]);
    const planner = await taskRow('Route Planner');
    expect(planner.getByTestId('admin-task-reward').textContent).toMatch(/^MYR\s200\.00$/);
    expect(planner.getByTestId('admin-task-quota').textContent).toBe('1 / 3');
    expect((await taskRow('Stock Taker')).getByTestId('task-status-badge').textContent).toBe('Expired');
    expect((await taskRow('Night Auditor')).getByTestId('task-status-badge').textContent).toBe('Closed');
  });

  it('filters by status, job type and search, and sorts, all in the URL', async () => {
    const { router } = renderAppAt('/admin/tasks');
    await taskTable();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'EXPIRED' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'EXPIRED' }));
    await waitFor(() => expect(rowTitles()).toEqual(['Stock Taker']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Night Auditor']));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'open' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'date' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'open', sort: 'date' }));
    // The soonest deadline first; tasks without one after, the older first.
    await waitFor(() => expect(rowTitles()).toEqual(['Line Cook', 'Route Planner', 'Barista', 'Delivery Driver']));
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'pt' } });
    await waitFor(() => expect(rowTitles()).toEqual(['Barista']));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } });
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'date' }));
  });

  it('creates a task in a dialog: field errors first, then money in minor units and the deadline in Malaysia time', async () => {
    renderAppAt('/admin/tasks');
    await taskTable();
    fireEvent.click(screen.getByRole('button', { name: 'New task' }));
    const dialog = within(await screen.findByTestId('task-form-dialog'));
    fireEvent.change(dialog.getByLabelText('Country'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(await dialog.findByText('Choose a job type.')).toBeTruthy();
    expect(dialog.getByText('Pick at least one language.')).toBeTruthy();
    expect(dialog.getByText('Enter a reward above zero, e.g. 150.00.')).toBeTruthy();
    expect(dialog.getByText('Enter a whole number from 1 to 100,000.')).toBeTruthy();
    expect(dialog.getAllByText('This field is required.')).toHaveLength(5);

    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type('Title', 'Warehouse Packer');
    type('Company', 'Gudang Jaya Sdn Bhd');
    type('Job type', 'ft');
    // A field's error goes as soon as it is valid; the others keep theirs until they are.
    expect(dialog.queryByText('Choose a job type.')).toBeNull();
    expect(dialog.getAllByText('This field is required.')).toHaveLength(3);
    expect(dialog.getByLabelText('Title').getAttribute('aria-invalid')).toBeNull();
    type('Quota', '0');
    expect(dialog.getByText('Enter a whole number from 1 to 100,000.')).toBeTruthy();
    type('Location', 'Klang');
    type('Country', 'Malaysia');
    type('Description', 'Pack and label orders.');
    type('Reward per referral', '150.50');
    type('Quota', '4');
    type('Deadline', '2027-01-15T18:00');
    type('Salary from', '2500');
    type('Salary up to', '2000');
    fireEvent.click(dialog.getByLabelText('Malay'));
    fireEvent.click(dialog.getByLabelText('Critical job'));
    type('Required skills', 'Forklift');
    fireEvent.click(dialog.getByRole('button', { name: 'Create task' }));
    expect(await dialog.findByText('The upper salary must not be below the lower one.')).toBeTruthy();
    type('Salary up to', '3200');
    fireEvent.click(dialog.getByRole('button', { name: 'Create task' }));

    await waitFor(() => expect(screen.queryByTestId('task-form-dialog')).toBeNull());
    expect(toastMessages()).toContain('Task T-000007 "Warehouse Packer" is open for recruiters.');
    expect(await (await taskRow('Warehouse Packer')).findByTestId('critical-badge')).toBeTruthy();
    const row = await db().selectFrom('tasks').selectAll().where('code', '=', 'T-000007').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      reward_amount: 15_050,
      reward_currency: 'MYR',
      quota: 4,
      salary_min: 250_000,
      salary_max: 320_000,
      is_critical: 1,
      // 18:00 in Kuala Lumpur is 10:00 UTC.
      expires_at: '2027-01-15T10:00:00.000Z',
      required_languages: '["ms"]',
      required_skills: '["Forklift"]',
    });
  });

  it('edits a task with its fields filled in; a decided reward keeps its amount', async () => {
    renderAppAt('/admin/tasks');
    fireEvent.click((await taskRow('Route Planner')).getByRole('button', { name: 'Edit Route Planner' }));
    const dialog = within(await screen.findByTestId('task-form-dialog'));
    const reward = (await dialog.findByLabelText('Reward per referral')) as HTMLInputElement;
    expect(reward.value).toBe('200');
    expect(dialog.getByTestId('task-edit-note').textContent).toContain('1 approved so far');
    expect((dialog.getByLabelText('Title') as HTMLInputElement).value).toBe('Route Planner');
    fireEvent.change(reward, { target: { value: '300' } });
    fireEvent.change(dialog.getByLabelText('Quota'), { target: { value: '1' } });
    fireEvent.click(dialog.getByLabelText('English'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save task' }));
    await waitFor(() => expect(screen.queryByTestId('task-form-dialog')).toBeNull());
    expect(toastMessages()).toContain('"Route Planner" is saved.');
    await waitFor(async () =>
      expect((await taskRow('Route Planner')).getByTestId('admin-task-reward').textContent).toMatch(/MYR\s300\.00/),
    );
    expect(await task(tasks.planner)).toMatchObject({ reward_amount: 30_000, quota: 1 });
    const referral = await db()
      .selectFrom('referrals')
      .selectAll()
      .where('id', '=', approvedReferral)
      .executeTakeFirstOrThrow();
    expect(referral).toMatchObject({ reward_status: 'APPROVED', reward_amount: 25_000 });
  });

  it('closes and reopens a task after a confirmation', async () => {
    renderAppAt('/admin/tasks');
    fireEvent.click((await taskRow('Barista')).getByRole('button', { name: 'Close Barista' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText('Close "Barista"?')).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(toastMessages()).toContain('"Barista" is closed.'));
    await waitFor(async () =>
      expect((await taskRow('Barista')).getByTestId('task-status-badge').textContent).toBe('Closed'),
    );
    expect((await task(tasks.barista)).status).toBe('CLOSED');

    fireEvent.click((await taskRow('Barista')).getByRole('button', { name: 'Reopen Barista' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(toastMessages()).toContain('"Barista" is open again.'));
    expect((await task(tasks.barista)).status).toBe('OPEN');
  });

  it('says why a closed task past its deadline cannot be reopened', async () => {
    renderAppAt('/admin/tasks');
    fireEvent.click((await taskRow('Night Auditor')).getByRole('button', { name: 'Reopen Night Auditor' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reopen' }));
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'The deadline of "Night Auditor" has passed: edit the task and set a later deadline first.',
      ),
    );
    expect((await task(tasks.late)).status).toBe('CLOSED');
  });
});

describe('Admin › Promo', () => {
  const promoRow = async (title: string) => {
    const table = within(await screen.findByRole('table', { name: 'Promos' }));
    const row = table.getByRole('link', { name: title }).closest('tr');
    if (!row) throw new Error(`no row for ${title}`);
    return within(row);
  };

  it('lists promos with their period, bonus and task count, filtered by period', async () => {
    const { router } = renderAppAt('/admin/promo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Promo' })).toBeTruthy();
    const logistics = await promoRow('Logistics Month');
    expect(logistics.getByTestId('promo-period-badge').textContent).toBe('Running');
    expect(logistics.getByTestId('promo-bonus').textContent).toMatch(/^MYR\s50\.00$/);
    expect(logistics.getByTestId('promo-task-count').textContent).toBe('1');
    expect((await promoRow('Cafe Week')).getByTestId('promo-period-badge').textContent).toBe('Upcoming');
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'UPCOMING' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'UPCOMING' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Logistics Month' })).toBeNull());
  });

  it('creates a promo (the period must end after it starts) and opens it', async () => {
    const { router } = renderAppAt('/admin/promo');
    await promoRow('Logistics Month');
    fireEvent.click(screen.getByRole('button', { name: 'New promo' }));
    const dialog = within(await screen.findByTestId('promo-create-dialog'));
    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type('Name', 'New Year Rush');
    type('Starts', '2027-01-01T00:00');
    type('Ends', '2026-12-01T00:00');
    type('Bonus per rewarded referral', '80');
    fireEvent.click(dialog.getByRole('button', { name: 'Create promo' }));
    expect(await dialog.findByText('The promo must end after it starts.')).toBeTruthy();
    type('Ends', '2027-02-01T00:00');
    fireEvent.click(dialog.getByRole('button', { name: 'Create promo' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/admin\/promo\/\d+$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'New Year Rush' })).toBeTruthy();
    expect(toastMessages()).toContain('Promo "New Year Rush" is created. Add its tasks now.');
    expect(screen.getByText('This promo lists no tasks yet.')).toBeTruthy();
    const row = await db()
      .selectFrom('promos')
      .selectAll()
      .where('title', '=', 'New Year Rush')
      .executeTakeFirstOrThrow();
    // Midnight in Kuala Lumpur is 16:00 UTC the day before.
    expect(row).toMatchObject({
      starts_at: '2026-12-31T16:00:00.000Z',
      ends_at: '2027-01-31T16:00:00.000Z',
      bonus_amount: 8_000,
    });
  });

  it('adds tasks with a searchable multi-select, then removes one after a confirmation', async () => {
    const { router } = renderAppAt(`/admin/promo/${promos.spare}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cafe Week' })).toBeTruthy();
    expect(
      screen.getAllByTestId('promo-task').map((item) => within(item).getByText(/Barista|Line Cook/).textContent),
    ).toEqual(expect.arrayContaining(['Barista', 'Line Cook']));
    fireEvent.click(screen.getByRole('link', { name: 'Add Tasks To Promo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/promo/${promos.spare}/add-tasks`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Tasks To Promo' })).toBeTruthy();

    // Open tasks not in the promo: not Barista or Line Cook (in it), not the closed or expired ones.
    await screen.findAllByTestId('candidate-task');
    const offered = () =>
      screen.getAllByTestId('candidate-task').map((item) => item.querySelector('.font-semibold')?.textContent);
    expect(offered()).toEqual(expect.arrayContaining(['Delivery Driver', 'Route Planner']));
    expect(offered()).not.toContain('Barista');
    expect(offered()).not.toContain('Stock Taker');
    expect(offered()).not.toContain('Night Auditor');

    fireEvent.click(screen.getByLabelText(/Route Planner/));
    fireEvent.change(screen.getByLabelText('Search tasks'), { target: { value: 'laju' } });
    await waitFor(() => expect(offered()).toEqual(['Delivery Driver']));
    fireEvent.click(screen.getByLabelText(/Delivery Driver/));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Add 2 to promo' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/promo/${promos.spare}`));
    expect(toastMessages()).toContain('2 tasks added to "Cafe Week".');
    await waitFor(() => expect(screen.getAllByTestId('promo-task')).toHaveLength(4));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Barista from the promo' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    fireEvent.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toastMessages()).toContain('"Barista" is no longer in the promo.'));
    await waitFor(() => expect(screen.getAllByTestId('promo-task')).toHaveLength(3));
    const listed = await db()
      .selectFrom('promo_tasks')
      .select('task_id')
      .where('promo_id', '=', promos.spare)
      .execute();
    expect(listed.map((r) => r.task_id).sort()).toEqual([tasks.planner, tasks.cook, tasks.driver].sort());
  });

  it('edits a promo on its page', async () => {
    renderAppAt(`/admin/promo/${promos.spare}`);
    const form = within(await screen.findByRole('form', { name: 'Save promo' }));
    expect((form.getByLabelText('Starts') as HTMLInputElement).value).toBe(
      // 10 days after 02:00 UTC is 10:00 in Kuala Lumpur.
      '2026-12-02T10:00',
    );
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Cafe Fortnight' } });
    fireEvent.change(form.getByLabelText('Bonus per rewarded referral'), { target: { value: '75.5' } });
    fireEvent.click(form.getByRole('button', { name: 'Save promo' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cafe Fortnight' })).toBeTruthy();
    expect(toastMessages()).toContain('"Cafe Fortnight" is saved.');
    const row = await db().selectFrom('promos').selectAll().where('id', '=', promos.spare).executeTakeFirstOrThrow();
    // The untouched period is kept to the millisecond.
    expect(row).toMatchObject({ bonus_amount: 7_550, starts_at: at(10 * DAY), ends_at: at(17 * DAY) });
  });

  it('keeps a promo referrals were made under, and deletes one without', async () => {
    renderAppAt(`/admin/promo/${promos.logistics}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Logistics Month' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Delete promo' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Referrals were made under this promo, so it cannot be deleted.')).toBeTruthy();
    cleanup();

    const { router } = renderAppAt(`/admin/promo/${promos.spare}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete promo' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete promo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/promo'));
    expect(await db().selectFrom('promos').select('id').where('id', '=', promos.spare).execute()).toEqual([]);
  });

  it('shows Page Not Found for a promo that does not exist', async () => {
    renderAppAt('/admin/promo/9999');
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
  });
});
