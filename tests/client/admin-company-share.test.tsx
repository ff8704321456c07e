import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 45: Admin › Tasks › Share with the company, against the real API in-process.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

/** A task of Kopi Digital with referrals: two consented, one waiting for the talent's consent. */
async function taskWithReferrals(title = 'Sales Executive', company = 'Kopi Digital Sdn Bhd') {
  const adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Farah Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
  const recruiter = await server.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', recruiterEmail)
    .executeTakeFirstOrThrow();
  const now = new Date(recruiter.created_at);
  const rows = { db: server.db, clock: { now: () => now } };
  const taskId = await insertTask(rows, { title, company });
  const talent = (full_name: string) => insertTalent(rows, recruiter.id, { full_name });
  const aisyah = await insertReferral(rows, await talent('Nur Aisyah binti Hamzah'), taskId, {
    consent_status: 'CONFIRMED',
  });
  const wei = await insertReferral(rows, await talent('Lim Wei Jie'), taskId, { consent_status: 'CONFIRMED' });
  await insertReferral(rows, await talent('Priya Nair'), taskId);
  const { accessToken } = await server.signIn(adminEmail);
  return { taskId, aisyah, wei, accessToken };
}

/** The referrals on the task's review links. */
const sharedReferrals = async (taskId: number) =>
  (
    await server.db
      .selectFrom('company_share_referrals')
      .innerJoin('company_shares', 'company_shares.id', 'company_share_referrals.share_id')
      .select('company_share_referrals.referral_id')
      .where('company_shares.task_id', '=', taskId)
      .execute()
  ).map((r) => r.referral_id);

describe('Admin › Tasks › Share with the company', () => {
  it('refuses a referral whose consent no longer stands, with its reason, then shares and revokes a link', async () => {
    const { taskId, aisyah, wei } = await taskWithReferrals();
    renderAppAt('/admin/tasks');
    const table = within(await screen.findByRole('table', { name: 'Tasks' }));
    const row = within(table.getByText('Sales Executive').closest('tr') as HTMLElement);
    fireEvent.click(row.getByRole('button', { name: 'Share Sales Executive with the company' }));
    const dialog = within(await screen.findByTestId('share-dialog'));
    expect(await dialog.findByText('Share Sales Executive with Kopi Digital Sdn Bhd')).toBeTruthy();

    // A referral waiting for the talent's consent cannot be picked, and says why.
    const pending = await dialog.findByRole('checkbox', { name: /Priya Nair/ });
    expect((pending as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText('The talent has not confirmed consent')).toBeTruthy();

    // The company has no contact yet: one is added in place, and chosen.
    expect(dialog.getByText('Kopi Digital Sdn Bhd has no contact yet: add one to share with.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Tan Mei Ling' } });
    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'mei@kopi.example' } });
    fireEvent.change(dialog.getByLabelText('Language of the e-mails'), { target: { value: 'ms' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add this contact' }));
    const contact = await dialog.findByRole('checkbox', { name: 'Tan Mei Ling <mei@kopi.example>' });
    await waitFor(() => expect((contact as HTMLInputElement).checked).toBe(true));

    fireEvent.click(dialog.getByRole('checkbox', { name: /Nur Aisyah binti Hamzah/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: /Lim Wei Jie/ }));
    // Wei withdraws his consent while the dialog is open: the server refuses the whole request, saying why.
    await server.db.updateTable('referrals').set({ consent_status: 'DECLINED' }).where('id', '=', wei).execute();
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    expect(
      await dialog.findByText('Nothing was shared: some referrals cannot be shared (the reason is beside each).'),
    ).toBeTruthy();
    const weiLine = dialog.getAllByTestId('share-referral').find((line) => line.textContent?.includes('Lim Wei Jie'));
    expect(within(weiLine as HTMLElement).getByText('The talent has not confirmed consent')).toBeTruthy();
    expect(await sharedReferrals(taskId)).toEqual([]);

    fireEvent.click(dialog.getByRole('checkbox', { name: /Lim Wei Jie/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Shared: review links sent (1).'));
    expect(await sharedReferrals(taskId)).toEqual([aisyah]);
    const link = within(await dialog.findByTestId('task-share'));
    expect(link.getByText('Open')).toBeTruthy();
    expect(link.getByText('not opened yet', { exact: false })).toBeTruthy();
    expect(link.getByText('no answer yet')).toBeTruthy();
    const mail = await server.db
      .selectFrom('email_outbox')
      .select(['to_address', 'locale'])
      .where('template', '=', 'company_review')
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({ to_address: 'mei@kopi.example', locale: 'ms' });

    fireEvent.click(link.getByRole('button', { name: 'Revoke the review link of Tan Mei Ling' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await link.findByText('Revoked')).toBeTruthy();
    const share = await server.db.selectFrom('company_shares').select('revoked_at').executeTakeFirstOrThrow();
    expect(share.revoked_at).not.toBeNull();
  });

  it('shows the company more than the review fields only when the admin says why', async () => {
    const { taskId, aisyah } = await taskWithReferrals('Barista', 'Kedai Kopi Ipoh');
    renderAppAt('/admin/tasks');
    const table = within(await screen.findByRole('table', { name: 'Tasks' }));
    const row = within(table.getByText('Barista').closest('tr') as HTMLElement);
    fireEvent.click(row.getByRole('button', { name: 'Share Barista with the company' }));
    const dialog = within(await screen.findByTestId('share-dialog'));
    fireEvent.change(await dialog.findByLabelText('Name'), { target: { value: 'Ahmad Faizal' } });
    fireEvent.change(dialog.getByLabelText('E-mail'), { target: { value: 'ahmad@kedai.example' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Add this contact' }));
    await dialog.findByRole('checkbox', { name: 'Ahmad Faizal <ahmad@kedai.example>' });
    fireEvent.click(await dialog.findByRole('checkbox', { name: /Nur Aisyah binti Hamzah/ }));
    fireEvent.click(dialog.getByRole('checkbox', { name: "The talent's e-mail and phone" }));
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    expect(await dialog.findByText('Say why the company needs this.')).toBeTruthy();
    expect(await sharedReferrals(taskId)).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Why the company needs this'), {
      target: { value: 'They call candidates the same day.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Share and e-mail the links' }));
    expect(
      await dialog.findByText("Also shows: The talent's e-mail and phone. Why: They call candidates the same day."),
    ).toBeTruthy();
    expect(await sharedReferrals(taskId)).toEqual([aisyah]);
  });

  it("reverses a company's move with a reason, and takes a referral off a link", async () => {
    const { taskId, aisyah, wei, accessToken } = await taskWithReferrals('Cashier', 'Kopi Tiam Klang');
    const call = async (path: string, json?: unknown) => {
      const res = await server.app.request(path, {
        method: json === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });
      return ((await res.json()) as { data: { company: { id: number }; id: number } }).data;
    };
    const { company } = await call(`/api/admin/companies/tasks/${taskId}/shares`);
    const contact = await call(`/api/admin/companies/${company.id}/contacts`, {
      name: 'Wong Li Hua',
      email: 'lihua@tiam.example',
    });
    await call(`/api/admin/companies/tasks/${taskId}/shares`, { referralIds: [aisyah, wei], contactIds: [contact.id] });
    const mail = await server.db
      .selectFrom('email_outbox')
      .select('payload')
      .where('template', '=', 'company_review')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = new URL(JSON.parse(mail.payload).link as string).searchParams.get('token');
    await server.app.request('/api/public/review/answer', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, referralId: aisyah, answer: 'INTERVIEW' }),
    });
    const hiring = async () =>
      (
        await server.db
          .selectFrom('referrals')
          .select('hiring_status')
          .where('id', '=', aisyah)
          .executeTakeFirstOrThrow()
      ).hiring_status;
    expect(await hiring()).toBe('INTERVIEW');

    renderAppAt('/admin/tasks');
    const table = within(await screen.findByRole('table', { name: 'Tasks' }));
    const row = within(table.getByText('Cashier').closest('tr') as HTMLElement);
    fireEvent.click(row.getByRole('button', { name: 'Share Cashier with the company' }));
    const dialog = within(await screen.findByTestId('share-dialog'));
    fireEvent.click(
      await dialog.findByRole('button', { name: "Reverse the company's answer about Nur Aisyah binti Hamzah" }),
    );
    const ask = within(await screen.findByRole('alertdialog'));
    expect(ask.getByText('The hiring status goes back from Interview to Submitted.')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Reverse' }));
    expect(await ask.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(ask.getByLabelText('Why (the recruiter is told)'), {
      target: { value: 'The company asked for this by phone: not yet.' },
    });
    fireEvent.click(ask.getByRole('button', { name: 'Reverse' }));
    await waitFor(() =>
      expect(getToasts().map((toast) => toast.message)).toContain('Nur Aisyah binti Hamzah is back at Submitted.'),
    );
    expect(await hiring()).toBe('SUBMITTED');

    fireEvent.click(dialog.getByRole('button', { name: 'Remove Lim Wei Jie from the link of Wong Li Hua' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(dialog.getAllByTestId('task-share-line')).toHaveLength(1));
    const removed = await server.db
      .selectFrom('company_share_referrals')
      .select('removed_at')
      .where('referral_id', '=', wei)
      .executeTakeFirstOrThrow();
    expect(removed.removed_at).not.toBeNull();

    // Ticked in the form, a referral goes back on the open link.
    fireEvent.click(dialog.getByRole('checkbox', { name: /Lim Wei Jie/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add the ticked referrals to this link (1)' }));
    await waitFor(() => expect(dialog.getAllByTestId('task-share-line')).toHaveLength(2));
    expect(getToasts().map((toast) => toast.message)).toContain('Added to the link of Wong Li Hua.');
  });
});
