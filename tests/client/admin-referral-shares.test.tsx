import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 45 in Admin › Hiring status and the share dialog, against the real API in-process: a selection of
// one task's referrals is shared with its company in the task's own dialog (a selection of several tasks
// is told a link is per task), the referral's detail lists the links it is on with the company's answer,
// and a task with many referrals is picked from a page at a time, or by name.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

const toasts = () => getToasts().map((toast) => toast.message);
const rows = () => ({ db: server.db, clock: { now: () => server.now() } });

/** A signed-in admin, a recruiter, and a call to the API with the admin's token. */
async function setUp() {
  const adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Farah Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
  const recruiter = await server.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', recruiterEmail)
    .executeTakeFirstOrThrow();
  const { accessToken } = await server.signIn(adminEmail);
  const call = async <T,>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST'): Promise<T> => {
    const res = await server.app.request(path, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    return ((await res.json()) as { data: T }).data;
  };
  const refer = async (taskId: number, name: string, consent: 'CONFIRMED' | 'PENDING' = 'CONFIRMED') =>
    insertReferral(rows(), await insertTalent(rows(), recruiter.id, { full_name: name }), taskId, {
      consent_status: consent,
    });
  return { call, refer };
}

/** The company of a task's text, with its contacts. */
async function companyWith(
  call: Awaited<ReturnType<typeof setUp>>['call'],
  name: string,
  contacts: { name: string; email: string }[],
) {
  const company = await call<{ id: number }>('/api/admin/companies', { name });
  const ids: number[] = [];
  for (const contact of contacts)
    ids.push((await call<{ id: number }>(`/api/admin/companies/${company.id}/contacts`, contact)).id);
  return { id: company.id, contacts: ids };
}

/** The token of the newest review e-mail. */
async function newestToken() {
  const mail = await server.db
    .selectFrom('email_outbox')
    .select('payload')
    .where('template', '=', 'company_review')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new URL(JSON.parse(mail.payload).link as string).searchParams.get('token') as string;
}

const sharedReferrals = async (taskId: number) =>
  (
    await server.db
      .selectFrom('company_share_referrals')
      .innerJoin('company_shares', 'company_shares.id', 'company_share_referrals.share_id')
      .select('company_share_referrals.referral_id')
      .where('company_shares.task_id', '=', taskId)
      .orderBy('company_share_referrals.referral_id')
      .execute()
  ).map((r) => r.referral_id);

describe('Admin › Hiring status › Share with the company', () => {
  it("shares a selection of one task's referrals in the task's dialog, refusing the unconsented with the reason", async () => {
    const { call, refer } = await setUp();
    const sales = await insertTask(rows(), { title: 'Sales Executive', company: 'Kopi Digital Sdn Bhd' });
    const barista = await insertTask(rows(), { title: 'Barista', company: 'Kedai Kopi Ipoh' });
    await companyWith(call, 'Kopi Digital Sdn Bhd', [{ name: 'Tan Mei Ling', email: 'mei@kopi.example' }]);
    const aisyah = await refer(sales, 'Nur Aisyah binti Hamzah');
    await refer(sales, 'Priya Nair', 'PENDING');
    await refer(barista, 'Ahmad Faizal');

    renderAppAt('/admin/hiring-status');
    const table = within(await screen.findByRole('table', { name: 'Referrals' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Nur Aisyah binti Hamzah' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Ahmad Faizal' }));
    // Two tasks: a link is per task, and the button says so by staying off.
    const toolbar = within(screen.getByRole('toolbar'));
    expect((toolbar.getByRole('button', { name: 'Share with the company' }) as HTMLButtonElement).disabled).toBe(true);
    expect(toolbar.getByTestId('share-one-task').textContent).toBe(
      "A review link is for one task: select the referrals of one task only (a task's name filters the list by it).",
    );

    fireEvent.click(table.getByRole('checkbox', { name: 'Select Ahmad Faizal' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Priya Nair' }));
    expect(toolbar.queryByTestId('share-one-task')).toBeNull();
    fireEvent.click(toolbar.getByRole('button', { name: 'Share with the company' }));
    const dialog = within(await screen.findByTestId('share-dialog'));
    expect(await dialog.findByText('Share Sales Executive with Kopi Digital Sdn Bhd')).toBeTruthy();
    // Aisyah comes ticked; Priya, without consent, is refused with the reason, as in the task's dialog.
    expect(dialog.getByTestId('share-refused-up-front').textContent).toBe(
      'Priya Nair — The talent has not confirmed consent',
    );
    const ticked = await dialog.findByRole('checkbox', { name: /Nur Aisyah binti Hamzah/ });
    expect((ticked as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('checkbox', { name: /Priya Nair/ }) as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByTestId('share-picked').textContent).toBe('Ticked: 1');

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Tan Mei Ling <mei@kopi.example>' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    await waitFor(() => expect(toasts()).toContain('Shared: review links sent (1).'));
    expect(await sharedReferrals(sales)).toEqual([aisyah]);
    expect(within(await dialog.findByTestId('task-share')).getByText('Open')).toBeTruthy();
  });

  it('pages through a task with many referrals and finds one by name, keeping the ticks', async () => {
    const { call, refer } = await setUp();
    const taskId = await insertTask(rows(), { title: 'Warehouse Picker', company: 'Gudang Selangor' });
    await companyWith(call, 'Gudang Selangor', [{ name: 'Lim Wei Jie', email: 'wei@gudang.example' }]);
    const ids: number[] = [];
    for (let n = 1; n <= 13; n++) ids.push(await refer(taskId, `Picker ${String(n).padStart(2, '0')}`));

    renderAppAt('/admin/tasks');
    const table = within(await screen.findByRole('table', { name: 'Tasks' }));
    const row = within(table.getByText('Warehouse Picker').closest('tr') as HTMLElement);
    fireEvent.click(row.getByRole('button', { name: 'Share Warehouse Picker with the company' }));
    const dialog = within(await screen.findByTestId('share-dialog'));
    await waitFor(() => expect(dialog.getAllByTestId('share-referral')).toHaveLength(10));
    expect(dialog.getByText('Page 1 of 2')).toBeTruthy();
    const firstPage = dialog.getAllByTestId('share-referral').map((line) => line.textContent ?? '');
    fireEvent.click(dialog.getAllByRole('checkbox', { name: /Picker/ })[0] as HTMLElement);

    fireEvent.click(dialog.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(dialog.getAllByTestId('share-referral')).toHaveLength(3));
    expect(dialog.getByText('Page 2 of 2')).toBeTruthy();
    const secondPage = dialog.getAllByTestId('share-referral').map((line) => line.textContent ?? '');
    expect(secondPage.some((line) => firstPage.includes(line))).toBe(false);
    fireEvent.click(dialog.getAllByRole('checkbox', { name: /Picker/ })[0] as HTMLElement);
    expect(dialog.getByTestId('share-picked').textContent).toBe('Ticked: 2');

    const search = dialog.getByLabelText('Find a referral by name');
    fireEvent.change(search, { target: { value: 'Picker 07' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(dialog.getAllByTestId('share-referral')).toHaveLength(1));
    fireEvent.click(dialog.getByRole('checkbox', { name: /Picker 07/ }));
    expect(dialog.getByTestId('share-picked').textContent).toBe('Ticked: 3');
    fireEvent.change(search, { target: { value: 'Nobody Here' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await dialog.findByText('No referral of this task matches.')).toBeTruthy();

    fireEvent.click(dialog.getByRole('checkbox', { name: 'Lim Wei Jie <wei@gudang.example>' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    await waitFor(() => expect(toasts()).toContain('Shared: review links sent (1).'));
    const shared = await sharedReferrals(taskId);
    expect(shared).toHaveLength(3);
    expect(shared).toContain(ids[6]);
  });
});

describe("Admin › Hiring status › a referral's review links", () => {
  it('shows each link with its contact, when it was sent and opened, the answer and comment; removes and revokes', async () => {
    const { call, refer } = await setUp();
    const taskId = await insertTask(rows(), { title: 'Cashier', company: 'Kopi Tiam Klang' });
    const company = await companyWith(call, 'Kopi Tiam Klang', [
      { name: 'Wong Li Hua', email: 'lihua@tiam.example' },
      { name: 'Ali Hassan', email: 'ali@tiam.example' },
    ]);
    const [lihua, ali] = company.contacts as [number, number];
    const aisyah = await refer(taskId, 'Nur Aisyah binti Hamzah');
    const other = await refer(taskId, 'Lim Wei Jie');
    await call(`/api/admin/companies/tasks/${taskId}/shares`, { referralIds: [aisyah, other], contactIds: [lihua] });
    const token = await newestToken();
    server.advance(60_000);
    await call(`/api/admin/companies/tasks/${taskId}/shares`, { referralIds: [aisyah], contactIds: [ali] });
    // Li Hua opens her link and Aisyah's profile, then answers with a reason and a comment.
    const ip = { 'x-forwarded-for': '203.0.113.20' };
    await server.app.request(`/api/public/review?token=${token}`, { headers: ip });
    await server.app.request(`/api/public/review/candidate?token=${token}&referralId=${aisyah}`, { headers: ip });
    await server.app.request('/api/public/review/answer', {
      method: 'POST',
      headers: { ...ip, 'content-type': 'application/json' },
      body: JSON.stringify({
        token,
        referralId: aisyah,
        answer: 'NOT_A_FIT',
        reason: 'Needs a car licence.',
        comment: 'Keep us in mind for the office role.',
      }),
    });

    renderAppAt(`/admin/hiring-status?referral=${aisyah}`);
    const section = within(await screen.findByTestId('referral-shares'));
    expect(section.getByRole('heading', { name: 'Shared with the company' })).toBeTruthy();
    await waitFor(() => expect(section.getAllByTestId('referral-share')).toHaveLength(2));
    const [toAli, toLihua] = section.getAllByTestId('referral-share').map((item) => within(item));
    if (!toAli || !toLihua) throw new Error('two links expected');
    // The newest first: Ali's, sent and never opened.
    expect(toAli.getByText('Ali Hassan at Kopi Tiam Klang')).toBeTruthy();
    expect(toAli.getByText(/sent .* by Farah Admin/)).toBeTruthy();
    expect(toAli.getByText(/not opened yet/)).toBeTruthy();
    expect(toAli.getByText('Profile not viewed yet')).toBeTruthy();
    expect(toAli.getByText('no answer yet')).toBeTruthy();
    // Li Hua's: opened, the profile viewed (the list and the profile), and her answer with its comment.
    expect(toLihua.getByText(/opened .*, last /)).toBeTruthy();
    expect(toLihua.getByTestId('referral-share-views').textContent).toMatch(/^Profile or CV viewed 2 times, last /);
    const answer = within(toLihua.getByTestId('referral-share-answer'));
    expect(answer.getByText('Not a fit')).toBeTruthy();
    expect(answer.getByText('Reason: Needs a car licence.')).toBeTruthy();
    expect(answer.getByText('Comment: Keep us in mind for the office role.')).toBeTruthy();
    expect(
      toLihua.getByRole('button', { name: "Reverse the company's answer about Nur Aisyah binti Hamzah" }),
    ).toBeTruthy();

    // Off Ali's link: the company no longer sees her there, and the line says since when.
    fireEvent.click(toAli.getByRole('button', { name: 'Remove Nur Aisyah binti Hamzah from the link of Ali Hassan' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await toAli.findByText(/^Taken off this link /)).toBeTruthy();
    expect(toAli.queryByRole('button', { name: /^Remove / })).toBeNull();
    await waitFor(() => expect(toasts()).toContain('Nur Aisyah binti Hamzah was removed from the link.'));

    // Li Hua's whole link revoked: for every candidate on it, as the question says.
    fireEvent.click(toLihua.getByRole('button', { name: 'Revoke the review link of Wong Li Hua' }));
    const ask = within(await screen.findByRole('alertdialog'));
    expect(
      ask.getByText('The link stops working at once, for every candidate on it. The answers the company gave stay.'),
    ).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Revoke' }));
    expect(await toLihua.findByText('Revoked')).toBeTruthy();
    expect(toLihua.queryByRole('button', { name: /Revoke/ })).toBeNull();
    const revoked = await server.db
      .selectFrom('company_shares')
      .select('revoked_at')
      .where('contact_id', '=', lihua)
      .executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
  });

  it('says when a referral was never shared', async () => {
    const { refer } = await setUp();
    const taskId = await insertTask(rows(), { title: 'Driver', company: 'Lori Laju' });
    const referral = await refer(taskId, 'Muthu Raman');
    renderAppAt(`/admin/hiring-status?referral=${referral}`);
    const section = within(await screen.findByTestId('referral-shares'));
    expect(await section.findByText('Not shared with the hiring company yet.')).toBeTruthy();
  });
});
