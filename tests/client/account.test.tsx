import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens, getAuthTokens } from '#src/lib/auth-session.ts';
import { setLocale } from '#src/paraglide/runtime.js';
import { openPayout } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { Role } from '#src/shared/enums.ts';
import { inProcessApiForFile, TEST_PASSWORD } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Switching the language reloads the page under its locale prefix: recorded here instead.
vi.mock('#src/paraglide/runtime.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#src/paraglide/runtime.js')>()),
  setLocale: vi.fn(),
}));

// The account page in the real route tree against the real API in-process.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  vi.mocked(setLocale).mockClear();
  server.advance(60 * 60_000); // a fresh rate-limit window, and fresh tokens per test
});
afterEach(() => cleanup());

/** A new user, logged in on this device; answers their e-mail and database row id. */
async function signIn(roles: Role[] = ['ROLE_RECRUITER'], fullName = 'Aisyah Rahman') {
  const email = await server.createUser({ roles, fullName });
  await server.signIn(email);
  const { id } = await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { email, id };
}

const userRow = (id: number) =>
  server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const toastMessages = () => getToasts().map((toast) => toast.message);
const section = (name: string) => screen.getByRole('region', { name });

async function openAccount() {
  const view = renderAppAt('/account');
  await screen.findByRole('heading', { level: 1, name: 'Account' });
  // The shell's user too, so no call is still running when the test ends.
  await waitFor(() => expect(view.queryClient.getQueryState(['me'])?.status).toBe('success'));
  return view;
}

describe('account page', () => {
  it('shows my profile, the AI improvements left and the default time zone', async () => {
    const { email } = await signIn();
    await openAccount();
    const profile = section('Profile');
    expect((within(profile).getByLabelText('E-mail') as HTMLInputElement).value).toBe(email);
    expect((within(profile).getByLabelText('Full name') as HTMLInputElement).value).toBe('Aisyah Rahman');
    expect(within(profile).getByText('Recruiter')).toBeTruthy();
    expect(screen.getByText('AI note improvements left: 20')).toBeTruthy();
    expect(within(section('Payout details')).getByText(/No payout details yet/)).toBeTruthy();
    const zone = screen.getByLabelText('Time zone') as HTMLSelectElement;
    expect(zone.value).toBe('Asia/Kuala_Lumpur');
    expect(zone.options[0]?.value).toBe('Asia/Kuala_Lumpur');
    expect(zone.options.length).toBeGreaterThan(100);
    expect(within(section('Preferences')).getByTestId('theme-switcher')).toBeTruthy();
  });

  it('saves the profile, showing a field error for a bad phone first', async () => {
    const { id } = await signIn();
    await openAccount();
    const profile = section('Profile');
    fireEvent.change(within(profile).getByLabelText('Full name'), { target: { value: 'Aisyah binti Rahman' } });
    fireEvent.change(within(profile).getByLabelText('Phone (optional)'), { target: { value: '12' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    expect(await within(profile).findByText('This is not a valid phone number for the country code.')).toBeTruthy();

    fireEvent.change(within(profile).getByLabelText('Phone (optional)'), { target: { value: '012-345 6789' } });
    fireEvent.click(within(profile).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Your profile has been saved.'));
    expect(await userRow(id)).toMatchObject({ full_name: 'Aisyah binti Rahman', phone: '+60123456789' });
    expect((within(profile).getByLabelText('Phone (optional)') as HTMLInputElement).value).toBe('+60123456789');
  });

  it('shows the account number masked only, and asks for it in full again to edit', async () => {
    const { id } = await signIn();
    await openAccount();
    const payout = section('Payout details');
    fireEvent.click(within(payout).getByRole('button', { name: 'Add payout details' }));
    fireEvent.change(within(payout).getByLabelText('Bank name'), { target: { value: 'Maybank' } });
    fireEvent.change(within(payout).getByLabelText('Account holder name'), { target: { value: 'Aisyah Rahman' } });
    fireEvent.change(within(payout).getByLabelText('Account number'), { target: { value: '1234 AB' } });
    fireEvent.click(within(payout).getByRole('button', { name: 'Save' }));
    expect(
      await within(payout).findByText('Enter 6 to 20 digits; only spaces and dashes may separate them.'),
    ).toBeTruthy();

    fireEvent.change(within(payout).getByLabelText('Account number'), { target: { value: '5140-1234 6789' } });
    fireEvent.click(within(payout).getByRole('button', { name: 'Save' }));
    expect(await within(payout).findByText('•••• 6789')).toBeTruthy();
    expect(toastMessages()).toContain('Your payout details have been saved.');
    expect(document.body.textContent).not.toContain('5140');
    // Sealed at rest (issue 46): it opens to the number as typed.
    const sealed = (await userRow(id)).payout_sealed;
    expect(openPayout(sealingKeysOf(server.env), id, sealed)?.accountNumber).toBe('5140-1234 6789');

    fireEvent.click(within(payout).getByRole('button', { name: 'Edit payout details' }));
    expect((within(payout).getByLabelText('Bank name') as HTMLInputElement).value).toBe('Maybank');
    expect((within(payout).getByLabelText('Account number') as HTMLInputElement).value).toBe('');
    expect(within(payout).getByText(/type the full account number again/)).toBeTruthy();
    fireEvent.click(within(payout).getByRole('button', { name: 'Cancel' }));
    expect(within(payout).getByText('•••• 6789')).toBeTruthy();
  });

  it('changes the password, keeps me logged in here and ends my other session', async () => {
    const { email } = await signIn();
    const otherDevice = await server.sessionOf(email);
    const { router } = await openAccount();
    const password = section('Change password');

    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: 'Wrong#Pass1' } });
    fireEvent.change(within(password).getByLabelText('New password'), { target: { value: 'Fresh#Pass2026' } });
    fireEvent.change(within(password).getByLabelText('Confirm new password'), {
      target: { value: 'Fresh#Pass2026' },
    });
    expect((within(password).getByLabelText('New password') as HTMLInputElement).type).toBe('password');
    fireEvent.click(within(password).getByLabelText('Show passwords'));
    expect((within(password).getByLabelText('New password') as HTMLInputElement).type).toBe('text');
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByText('The current password is incorrect.')).toBeTruthy();
    expect(getAuthTokens()).not.toBeNull();

    fireEvent.change(within(password).getByLabelText('Current password'), { target: { value: TEST_PASSWORD } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(toastMessages()).toContain('Your password has been changed. Your other devices have been logged out.'),
    );
    expect((within(password).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(router.state.location.pathname).toBe('/account');
    const tokens = getAuthTokens();
    expect(tokens).not.toBeNull();
    const stillMine = await server.app.request('/api/account', {
      headers: { authorization: `Bearer ${tokens?.accessToken}` },
    });
    expect(stillMine.status).toBe(200);
    const other = await server.app.request('/api/recruiter/auth/refresh-token', {
      headers: { 'x-refresh-token': otherDevice.refreshToken },
    });
    expect(other.status).toBe(401);
  });

  it('saves language and time zone, then switches the interface to the language', async () => {
    const { id } = await signIn();
    await openAccount();
    fireEvent.change(within(section('Preferences')).getByLabelText('Language'), { target: { value: 'zh' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'Asia/Singapore' } });
    fireEvent.click(within(section('Preferences')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(setLocale).toHaveBeenCalledWith('zh'));
    expect(await userRow(id)).toMatchObject({ locale: 'zh', timezone: 'Asia/Singapore' });
  });

  it('keeps the interface language when only the time zone changes', async () => {
    const { id } = await signIn();
    await openAccount();
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'UTC' } });
    fireEvent.click(within(section('Preferences')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Your preferences have been saved.'));
    expect((await userRow(id)).timezone).toBe('UTC');
    expect(setLocale).not.toHaveBeenCalled();
  });

  // Issue 42.7: the app ran in Malay while the account (and so every e-mail) said English.
  it('makes a language chosen with the app switcher the account language, which e-mails use', async () => {
    const { id } = await signIn();
    await openAccount();
    fireEvent.change(screen.getAllByTestId('language-switcher')[0] as HTMLElement, { target: { value: 'ms' } });
    await waitFor(() => expect(setLocale).toHaveBeenCalledWith('ms'));
    expect(await userRow(id)).toMatchObject({ locale: 'ms' });
  });

  it('makes the language of the page signed in from the account language, where the account had another', async () => {
    const email = await server.createUser({ fullName: 'Tan Mei Ling' });
    await server.db.updateTable('users').set({ locale: 'zh' }).where('email', '=', email).execute();
    renderAppAt('/login');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: TEST_PASSWORD } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // The page was in English: the account (and so its e-mails) now says English too; the app stays.
    await waitFor(async () =>
      expect(
        await server.db.selectFrom('users').select('locale').where('email', '=', email).executeTakeFirst(),
      ).toEqual({ locale: 'en' }),
    );
    expect(setLocale).not.toHaveBeenCalled();
  });

  it('works the same for an admin', async () => {
    await signIn(['ROLE_ADMIN'], 'Admin Ong');
    await openAccount();
    expect(within(section('Profile')).getByText('Admin')).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Admin Ong');
  });
});
