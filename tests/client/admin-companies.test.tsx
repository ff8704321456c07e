import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 45: Admin › Companies, against the real API in-process: the list with each company's counts, its
// search, and a company's panel to rename it and add, change and remove its contacts.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

const toasts = () => getToasts().map((toast) => toast.message);

/** An admin signed in, and a call to the API with their token. */
async function asAdmin() {
  const email = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Farah Admin' });
  const { accessToken } = await server.signIn(email);
  return async <T,>(path: string, json?: unknown, method = json === undefined ? 'GET' : 'POST'): Promise<T> => {
    const res = await server.app.request(path, {
      method,
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    return ((await res.json()) as { data: T }).data;
  };
}

const rows = () => ({ db: server.db, clock: { now: () => server.now() } });

describe('Admin › Companies', () => {
  it('lists each company with its counts and finds one by name; a company is renamed and its contacts managed', async () => {
    const call = await asAdmin();
    const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
    const recruiter = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', recruiterEmail)
      .executeTakeFirstOrThrow();
    const taskId = await insertTask(rows(), { title: 'Sales Executive', company: 'Kopi Digital Sdn Bhd' });
    await insertTask(rows(), { title: 'Barista', company: 'Kopi Digital Sdn Bhd' });
    await insertTask(rows(), { title: 'Runner', company: 'Teh Tarik Bhd' });
    const kopi = await call<{ id: number }>('/api/admin/companies', { name: 'Kopi Digital Sdn Bhd' });
    await call('/api/admin/companies', { name: 'Teh Tarik Bhd' });
    const mei = await call<{ id: number }>(`/api/admin/companies/${kopi.id}/contacts`, {
      name: 'Tan Mei Ling',
      email: 'mei@kopi.example',
      locale: 'ms',
    });
    const talent = await insertTalent(rows(), recruiter.id, { full_name: 'Nur Aisyah binti Hamzah' });
    const aisyah = await insertReferral(rows(), talent, taskId, { consent_status: 'CONFIRMED' });
    await call(`/api/admin/companies/tasks/${taskId}/shares`, { referralIds: [aisyah], contactIds: [mei.id] });

    renderAppAt('/admin/companies');
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeTruthy();
    // The menu has Companies right after Tasks.
    const nav = screen.getAllByRole('link').map((link) => link.textContent);
    expect(nav.indexOf('Companies')).toBe(nav.indexOf('Tasks') + 1);

    const table = within(await screen.findByRole('table', { name: 'Companies' }));
    const kopiRow = within(table.getByRole('button', { name: 'Kopi Digital Sdn Bhd' }).closest('tr') as HTMLElement);
    expect(kopiRow.getByTestId('company-tasks').textContent).toBe('2');
    expect(kopiRow.getByTestId('company-contacts').textContent).toBe('1');
    expect(kopiRow.getByTestId('company-shares').textContent).toBe('1');
    expect(kopiRow.getByTestId('company-answers').textContent).toBe('0');
    // On a phone the same list is cards.
    expect(screen.getAllByTestId('company-card')).toHaveLength(2);

    const search = screen.getByLabelText('Search companies');
    fireEvent.change(search, { target: { value: 'teh' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(1));
    expect(within(screen.getByTestId('company-row')).getByText('Teh Tarik Bhd')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(screen.getAllByTestId('company-row')).toHaveLength(2));

    // The panel: the name, and the contacts with the language of their e-mails.
    fireEvent.click(
      within(screen.getByRole('table', { name: 'Companies' })).getByRole('button', { name: 'Kopi Digital Sdn Bhd' }),
    );
    const panel = within(await screen.findByTestId('company-panel'));
    const contact = within(panel.getByTestId('company-contact'));
    expect(contact.getByText('Tan Mei Ling')).toBeTruthy();
    expect(contact.getByText('E-mails in Bahasa Melayu')).toBeTruthy();

    fireEvent.change(panel.getByLabelText('Company name'), { target: { value: 'Kopi Digital Berhad' } });
    fireEvent.click(panel.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(toasts()).toContain('The company is now called Kopi Digital Berhad, on its tasks too.'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Kopi Digital Berhad' })).toBeTruthy();
    const task = await server.db
      .selectFrom('tasks')
      .select('company')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    expect(task.company).toBe('Kopi Digital Berhad');

    // Mei's e-mails go in Chinese from now on.
    fireEvent.click(panel.getByRole('button', { name: 'Edit Tan Mei Ling' }));
    const editing = within(await panel.findByTestId('contact-form'));
    expect((editing.getByLabelText('Name') as HTMLInputElement).value).toBe('Tan Mei Ling');
    fireEvent.change(editing.getByLabelText('Language of the e-mails'), { target: { value: 'zh' } });
    fireEvent.click(editing.getByRole('button', { name: 'Save the contact' }));
    expect(await panel.findByText('E-mails in 中文')).toBeTruthy();
    expect(toasts()).toContain('Tan Mei Ling is saved. Links sent before keep working.');

    // A second contact; the same e-mail twice is refused in words.
    fireEvent.click(panel.getByRole('button', { name: 'Add a contact' }));
    const adding = within(await panel.findByTestId('contact-form'));
    fireEvent.change(adding.getByLabelText('Name'), { target: { value: 'Ali Hassan' } });
    fireEvent.change(adding.getByLabelText('E-mail'), { target: { value: 'mei@kopi.example' } });
    fireEvent.click(adding.getByRole('button', { name: 'Add this contact' }));
    expect(await adding.findByText('This company has a contact with this e-mail address already.')).toBeTruthy();
    fireEvent.change(adding.getByLabelText('E-mail'), { target: { value: 'ali@kopi.example' } });
    fireEvent.click(adding.getByRole('button', { name: 'Add this contact' }));
    await waitFor(() => expect(panel.getAllByTestId('company-contact')).toHaveLength(2));
    expect(toasts()).toContain('Ali Hassan was added.');

    // Removing Mei revokes her open link, and says so.
    fireEvent.click(panel.getByRole('button', { name: 'Remove Tan Mei Ling' }));
    const ask = within(await screen.findByRole('alertdialog'));
    expect(ask.getByText('Remove Tan Mei Ling from Kopi Digital Berhad?')).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts()).toContain('Tan Mei Ling was removed. Review links revoked: 1.'));
    await waitFor(() => expect(panel.getAllByTestId('company-contact')).toHaveLength(1));
    expect(panel.queryByText('Tan Mei Ling')).toBeNull();
    const share = await server.db.selectFrom('company_shares').select('revoked_at').executeTakeFirstOrThrow();
    expect(share.revoked_at).not.toBeNull();

    // Back on the list, the counts are today's.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const renamed = within(
      within(await screen.findByRole('table', { name: 'Companies' }))
        .getByRole('button', { name: 'Kopi Digital Berhad' })
        .closest('tr') as HTMLElement,
    );
    expect(renamed.getByTestId('company-contacts').textContent).toBe('1');
  });

  it('creates a company, then opens it to add its first contact', async () => {
    await asAdmin();
    const { router } = renderAppAt('/admin/companies');
    fireEvent.click(await screen.findByRole('button', { name: 'New company' }));
    const dialog = within(await screen.findByTestId('company-create-dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Create the company' }));
    expect(await dialog.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Company name'), { target: { value: 'Nasi Lemak Sdn Bhd' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create the company' }));
    await waitFor(() => expect(toasts()).toContain('Nasi Lemak Sdn Bhd was created: add its contacts.'));
    const panel = within(await screen.findByTestId('company-panel'));
    expect(router.state.location.search).toMatchObject({ company: expect.any(Number) });
    // No contact yet: the form to add one is open.
    expect(panel.getByText('No contact yet: add one to share candidates with.')).toBeTruthy();
    const form = within(panel.getByTestId('contact-form'));
    fireEvent.change(form.getByLabelText('Name'), { target: { value: 'Wong Li Hua' } });
    fireEvent.change(form.getByLabelText('E-mail'), { target: { value: 'lihua@nasi.example' } });
    fireEvent.click(form.getByRole('button', { name: 'Add this contact' }));
    expect(await panel.findByText('lihua@nasi.example')).toBeTruthy();
    expect(panel.getByText('E-mails in English')).toBeTruthy();
    // The same name again is another company's: refused.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New company' }));
    const again = within(await screen.findByTestId('company-create-dialog'));
    fireEvent.change(again.getByLabelText('Company name'), { target: { value: 'NASI LEMAK sdn bhd' } });
    fireEvent.click(again.getByRole('button', { name: 'Create the company' }));
    expect(await again.findByText('A company with this name exists already.')).toBeTruthy();
  });
});
