import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertMember, insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Recruiters (/admin/manage-task and below) against the real API in-process: an admin, two
// recruiters with tasks and referrals in several states, inserted as the flows would leave them.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const db = () => server.db;
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let adminEmail: string;
let aina: { id: number; email: string };
let bala: { id: number; email: string };
let tasks: { planner: number; driver: number; barista: number; cashier: number };

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const ainaEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const balaEmail = await server.createUser({ fullName: 'Bala Krishnan' });
  aina = { email: ainaEmail, id: await userId(ainaEmail) };
  bala = { email: balaEmail, id: await userId(balaEmail) };
  // Aina joined earlier than Bala.
  await db()
    .updateTable('users')
    .set({ created_at: at(-48 * HOUR) })
    .where('id', '=', aina.id)
    .execute();
  await db()
    .updateTable('users')
    .set({ created_at: at(-24 * HOUR) })
    .where('id', '=', bala.id)
    .execute();

  tasks = {
    planner: await insertTask(rows(), { title: 'Route Planner', company: 'Maju Logistics', reward_amount: 20_000 }),
    driver: await insertTask(rows(), { title: 'Forklift Driver', status: 'CLOSED' }),
    barista: await insertTask(rows(), { title: 'Barista', company: 'Kopi Kita' }),
    cashier: await insertTask(rows(), { title: 'Cashier' }),
  };
  await insertMember(rows(), aina.id, tasks.planner);
  await insertMember(rows(), aina.id, tasks.driver);
  await insertMember(rows(), bala.id, tasks.cashier);

  const siti = await insertTalent(rows(), aina.id, { full_name: 'Siti Aminah' });
  const ravi = await insertTalent(rows(), aina.id, { full_name: 'Ravi Chandran' });
  await insertReferral(rows(), siti, tasks.planner, {
    consent_status: 'CONFIRMED',
    ita_status: 'SENT',
    hiring_status: 'INTERVIEW',
    reward_status: 'APPROVED',
    reward_amount: 20_000,
    reward_currency: 'MYR',
  });
  await insertReferral(rows(), ravi, tasks.planner);
  await insertReferral(rows(), siti, tasks.driver, {
    consent_status: 'DECLINED',
    hiring_status: 'WITHDRAWN',
    reward_status: 'NOT_VALID',
  });
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
  // The page's clock reads the API's (it runs from 2026-11-22): an invitation's 7 days are counted on one
  // calendar, not from the API's day to the machine's (the test read 'Invitation expired' from 2026-11-29).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(server.now());
  await server.signIn(adminEmail);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const toastMessages = () => getToasts().map((toast) => toast.message);
const table = async (name: string) => within(await screen.findByRole('table', { name }));
const rowOf = (scope: ReturnType<typeof within>, name: string) => {
  const row = scope.getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('the recruiters list', () => {
  it('shows each recruiter with tasks, referrals and earnings, newest first, never the admin', async () => {
    renderAppAt('/admin/manage-task');
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Tasks' })).toBeTruthy();
    const list = await table('Recruiters');
    const names = list.getAllByTestId('recruiter-row').map((row) => within(row).getAllByRole('link')[0]?.textContent);
    expect(names).toEqual(['Bala Krishnan', 'Aina Rahman']);
    expect(list.queryByText('Nur Admin')).toBeNull();
    const row = rowOf(list, 'Aina Rahman');
    expect(row.getByTestId('recruiter-tasks').textContent).toBe('2');
    expect(row.getByTestId('recruiter-referrals').textContent).toBe('3');
    expect(row.getByTestId('recruiter-earnings').textContent).toMatch(/^(RM|MYR)\s?200\.00$/);
    expect(row.getByTestId('recruiter-status').textContent).toBe('Active');
    expect(rowOf(list, 'Bala Krishnan').getByTestId('recruiter-earnings').textContent).toMatch(/^(RM|MYR)\s?0\.00$/);
  });

  it('searches, sorts and filters in the URL', async () => {
    const { router } = renderAppAt('/admin/manage-task');
    await table('Recruiters');
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'ALPHABETICAL' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'ALPHABETICAL' }));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('recruiter-row').map((row) => within(row).getAllByRole('link')[0]?.textContent),
      ).toEqual(['Aina Rahman', 'Bala Krishnan']),
    );
    fireEvent.change(screen.getByLabelText('Search recruiters by name or e-mail'), { target: { value: 'bala' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'ALPHABETICAL', search: 'bala' }));
    await waitFor(() => expect(screen.getAllByTestId('recruiter-row')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'DEACTIVATE' } });
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'ALPHABETICAL' }));
    await waitFor(() => expect(screen.getAllByTestId('recruiter-row')).toHaveLength(2));
  });

  it('deactivates a recruiter after a confirmation, ending their sessions, and activates them again', async () => {
    const theirs = await server.sessionOf(bala.email);
    renderAppAt('/admin/manage-task');
    const row = rowOf(await table('Recruiters'), 'Bala Krishnan');
    fireEvent.click(row.getByRole('button', { name: 'Deactivate Bala Krishnan' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Deactivate Bala Krishnan?' }));
    expect(dialog.getByText(/logged out at once/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(toastMessages()).toContain('Bala Krishnan was deactivated and logged out.'));
    await waitFor(() =>
      expect(
        rowOf(within(screen.getByRole('table', { name: 'Recruiters' })), 'Bala Krishnan').getByTestId(
          'recruiter-status',
        ).textContent,
      ).toBe('Deactivated'),
    );
    const me = await server.app.request('/api/recruiter/auth/me', {
      headers: { authorization: `Bearer ${theirs.accessToken}` },
    });
    expect(me.status).toBe(401);

    const again = rowOf(within(screen.getByRole('table', { name: 'Recruiters' })), 'Bala Krishnan');
    fireEvent.click(again.getByRole('button', { name: 'Activate Bala Krishnan' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Activate Bala Krishnan?' }));
    expect(confirm.getByText(/^They can log in again with their password\./)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(toastMessages()).toContain('Bala Krishnan was activated.'));
  });
});

describe('adding a recruiter', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('checks the fields, refuses a taken e-mail beside the field, then invites in the chosen language', async () => {
    const { router } = renderAppAt('/admin/manage-task');
    fireEvent.click(await screen.findByRole('link', { name: 'Add New Recruiter' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Add New Recruiter' })).toBeTruthy();
    expect(document.title).toBe('Add New Recruiter | Recruiter');

    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    // Someone else's e-mail: the message does not say "your".
    expect(await screen.findByText('Please enter an e-mail address.')).toBeTruthy();
    fill('E-mail', 'not-an-email');
    fill('Phone (optional)', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(screen.getByLabelText('Phone (optional)').getAttribute('aria-invalid')).toBe('true');

    fill('Full name', 'Mei Ling Tan');
    fill('E-mail', aina.email.toUpperCase());
    fill('Phone (optional)', '012-345 6789');
    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    expect(await screen.findByText('An account with this e-mail already exists.')).toBeTruthy();
    expect(screen.getByLabelText('Full name')).toHaveProperty('value', 'Mei Ling Tan');
    // One message, the right one: the field says the e-mail is taken; no "refresh and try again" banner.
    expect(screen.queryByText('This conflicts with a recent change. Please refresh and try again.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));

    fill('E-mail', 'meiling@example.com');
    fill('Invitation language', 'zh');
    fireEvent.click(screen.getByRole('button', { name: 'Add and send invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/manage-task'));
    expect(toastMessages()).toContain('Mei Ling Tan was added. The invitation is on its way to meiling@example.com.');
    await waitFor(() =>
      expect(
        rowOf(within(screen.getByRole('table', { name: 'Recruiters' })), 'Mei Ling Tan').getByText('Not logged in yet'),
      ).toBeTruthy(),
    );

    const mail = await db()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', 'meiling@example.com')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: 'recruiter_invitation', locale: 'zh' });
  });
});

describe("a recruiter's pages", () => {
  it('lists their tasks with their referrals counted and assigns an open task through the searchable select', async () => {
    renderAppAt(`/admin/manage-task/recruiter-${aina.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Aina Rahman' })).toBeTruthy();
    expect(document.title).toBe('Recruiters | Recruiter');
    expect(screen.getByTestId('recruiter-stat-tasks').textContent).toBe('2');
    const list = await table("The recruiter's tasks");
    const planner = rowOf(list, 'Route Planner');
    expect(planner.getByTestId('task-count-total').textContent).toBe('2');
    expect(planner.getByTestId('task-count-consent').textContent).toBe('1');
    expect(planner.getByTestId('task-count-rewarded').textContent).toBe('1');
    expect(rowOf(list, 'Forklift Driver').getByTestId('task-status-badge').textContent).toBe('Closed');

    fireEvent.click(screen.getByRole('button', { name: 'Assign a task' }));
    const combo = await screen.findByRole('combobox', { name: 'Find an open task for Aina Rahman' });
    // Only open tasks she is not in: not Route Planner (hers), not Forklift Driver (closed).
    const listbox = await screen.findByRole('listbox', { name: 'Open tasks' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    expect(within(listbox).queryByText('Route Planner')).toBeNull();
    fireEvent.change(combo, { target: { value: 'nothing like it' } });
    expect(await within(listbox).findByText('No results for "nothing like it".')).toBeTruthy();
    fireEvent.change(combo, { target: { value: 'kopi' } });
    fireEvent.click(await within(listbox).findByRole('option', { name: /Barista/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(toastMessages()).toContain('“Barista” was assigned to Aina Rahman.'));
    await waitFor(() =>
      expect(rowOf(within(screen.getByRole('table', { name: "The recruiter's tasks" })), 'Barista')).toBeTruthy(),
    );
    await waitFor(() => expect(screen.getByTestId('recruiter-stat-tasks').textContent).toBe('3'));
    const assigned = await db()
      .selectFrom('recruiter_tasks')
      .selectAll()
      .where('recruiter_id', '=', aina.id)
      .where('task_id', '=', tasks.barista)
      .executeTakeFirstOrThrow();
    expect(assigned.assigned_by).toBe(await userId(adminEmail));
  });

  it('shows Manage Task Detail: their referrals to the task with consent, ITA, hiring and reward', async () => {
    renderAppAt(`/admin/manage-task/recruiter-${aina.id}/${tasks.planner}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Route Planner' })).toBeTruthy();
    expect(document.title).toBe('Manage Task Detail | Recruiter');
    expect(screen.getByTestId('detail-count-total').textContent).toBe('2');
    const referrals = await table('Referred talents');
    const siti = within(referrals.getByText('Siti Aminah').closest('tr') as HTMLElement);
    expect(siti.getByTestId('consent-badge').textContent).toBe('Consent confirmed');
    expect(siti.getByTestId('ita-badge').textContent).toBe('ITA sent');
    expect(siti.getByTestId('hiring-badge').textContent).toBe('Interview');
    expect(siti.getByTestId('reward-badge').textContent).toBe('Approved');
    expect(siti.getByTestId('referral-reward-amount').textContent).toMatch(/^(RM|MYR)\s?200\.00$/);
    const ravi = within(referrals.getByText('Ravi Chandran').closest('tr') as HTMLElement);
    expect(ravi.getByTestId('reward-badge').textContent).toBe('In review');
    fireEvent.click(screen.getByRole('link', { name: /Back to Aina Rahman's tasks/ }));
    expect(await screen.findByRole('table', { name: "The recruiter's tasks" })).toBeTruthy();
  });

  it('shows the talent view across tasks with filters in the URL', async () => {
    const { router } = renderAppAt(`/admin/manage-task/recruiter-${aina.id}`);
    fireEvent.click(await screen.findByRole('link', { name: 'By talent' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/manage-task/recruiter-${aina.id}/talent-view`),
    );
    const referrals = await table('Referred talents');
    expect(referrals.getAllByTestId('referral-row')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'DECLINED' } });
    await waitFor(() => expect(router.state.location.search).toEqual({ consent: 'DECLINED' }));
    await waitFor(() => expect(screen.getAllByTestId('referral-row')).toHaveLength(1));
    const row = within(screen.getByTestId('referral-row'));
    expect(row.getByTestId('referral-task').textContent).toContain('Forklift Driver');
    expect(row.getByTestId('reward-badge').textContent).toBe('Not valid');
  });

  it('answers Page Not Found for an id that is not a recruiter, and for a task they are not in', async () => {
    renderAppAt(`/admin/manage-task/recruiter-${await userId(adminEmail)}`);
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
    cleanup();
    renderAppAt(`/admin/manage-task/recruiter-${aina.id}/${tasks.cashier}`);
    expect((await screen.findByTestId('error-page-title')).textContent).toBe('Page Not Found');
  });
});

describe('in Malay', () => {
  it('shows the list and its numbers in Malay', async () => {
    const before = window.location.href;
    window.history.replaceState(null, '', '/ms/admin/manage-task');
    try {
      renderAppAt('/admin/manage-task');
      expect(await screen.findByRole('heading', { level: 1, name: 'Urus Tugasan' })).toBeTruthy();
      const list = await table('Perekrut');
      expect(rowOf(list, 'Aina Rahman').getByTestId('recruiter-status').textContent).toBe('Aktif');
      expect(screen.getByRole('link', { name: 'Tambah Perekrut Baharu' })).toBeTruthy();
    } finally {
      window.history.replaceState(null, '', before);
    }
  });
});

describe('activating a recruiter who never chose a password', () => {
  it('says they log in with the invitation’s temporary password, not "with their password"', async () => {
    const email = await server.createUser({ fullName: 'Citra Dewi', needToChangePassword: true });
    await server.db.updateTable('users').set({ status: 'DEACTIVATE' }).where('email', '=', email).execute();
    renderAppAt('/admin/manage-task');
    fireEvent.click(
      rowOf(await table('Recruiters'), 'Citra Dewi').getByRole('button', { name: 'Activate Citra Dewi' }),
    );
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Activate Citra Dewi?' }));
    expect(confirm.getByText(/temporary password from their invitation e-mail/)).toBeTruthy();
    expect(confirm.queryByText(/with their password/)).toBeNull();
  });
});
