import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts, toast } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens, getAuthTokens } from '#src/lib/auth-session.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Guards, reset, update and logout screens in the real route tree against the real API in-process.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

const renderAt = renderAppAt;

describe('guards', () => {
  it('sends a visitor without a session to /login with the way back', async () => {
    const { router } = renderAt('/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/account' });
  });

  it('sends a logged-in user away from the guest pages', async () => {
    await server.signIn(await server.createUser());
    const { router } = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an admin who opens a recruiter page to /dashboard', async () => {
    await server.signIn(await server.createUser({ roles: ['ROLE_ADMIN'] }));
    const { router } = renderAt('/manage-task');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends /update-password without a token to /login', async () => {
    const { router } = renderAt('/update-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('reset password page', () => {
  it('answers the same confirmation whether or not the account exists', async () => {
    renderAt('/reset-password');
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'nobody@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText(/If an account exists for this e-mail, we have sent a link/)).toBeTruthy();
  });
});

describe('update password page', () => {
  it('checks the rule live, sets the password, and the login page says so with the e-mail filled in', async () => {
    const email = await server.createUser({ needToChangePassword: true });
    const { token } = await server.logIn(email);
    const { router } = renderAt(`/update-password?token=${token}`);

    const password = await screen.findByLabelText('New password');
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(screen.getByText('At least 8 characters').closest('li')?.className).not.toContain('text-success');
    expect(screen.getByText('A letter').closest('li')?.className).toContain('text-success');
    fireEvent.change(password, { target: { value: 'NewSecret#2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'NewSecret#2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'NewSecret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // Said on the login page itself, not in a toast that outlives it (seen over the dashboard's heading).
    const updated = await screen.findByRole('status');
    expect(updated.textContent).toBe('Your password has been updated. Please log in with your new password.');
    expect(getToasts()).toEqual([]);
    expect(router.state.location.href).not.toContain('@');
    const emailField = screen.getByLabelText('E-mail') as HTMLInputElement;
    expect(emailField.value).toBe(email);
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'NewSecret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText('Your password has been updated. Please log in with your new password.')).toBeNull();
  });

  it('shows no such note on a login page opened any other way', async () => {
    renderAt('/login');
    expect(((await screen.findByLabelText('E-mail')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers a new link when the token was already used', async () => {
    renderAt(`/update-password?token=${'u'.repeat(43)}`);
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'NewSecret#2026' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'NewSecret#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(
      await screen.findByText('This link has expired or was already used. Please request a new one.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeTruthy();
  });
});

describe('logout', () => {
  it('ends the session on the server and here, then follows `redirect`', async () => {
    const answer = await server.signIn(await server.createUser());
    const { router } = renderAt('/logout?redirect=%2Ffaq');

    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
    expect(getAuthTokens()).toBeNull();
    const me = await server.app.request('/api/recruiter/auth/me', {
      headers: { authorization: `Bearer ${answer.accessToken}` },
    });
    expect(me.status).toBe(401);
  });

  it('leaves no toast of the session on the login page (issue 21)', async () => {
    await server.signIn(await server.createUser());
    toast.success('Talent saved');
    const { router } = renderAt('/logout');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByRole('button', { name: /log in/i });
    expect(screen.queryByText('Talent saved')).toBeNull();
    expect(getToasts()).toHaveLength(0);
  });

  it('goes to /login without a (safe) redirect', async () => {
    const { router } = renderAt('/logout?redirect=https%3A%2F%2Fevil.example');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
