import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens, getAuthTokens } from '#src/lib/auth-session.ts';
import { inProcessApiForFile, TEST_PASSWORD } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The login screen in the real route tree, talking to the real API in-process: only the network
// (global fetch) is routed to `app.request`.
const server = inProcessApiForFile();
let recruiter: string;
let newcomer: string;

beforeAll(async () => {
  recruiter = await server.createUser({ fullName: 'Siti Aminah' });
  newcomer = await server.createUser({ needToChangePassword: true });
});

beforeEach(() => clearAuthTokens());
afterEach(() => cleanup());

const renderAt = (path: string) => renderAppAt(path).router;

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', () => {
  it('shows the localised field errors of the shared schema before calling the server', async () => {
    renderAt('/login');
    await fillAndSubmit('not-an-email', '');
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter your password.')).toBeTruthy();
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the server refusal in the user’s words', async () => {
    renderAt('/login');
    await fillAndSubmit(recruiter, 'Wrong#123');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The e-mail or password is incorrect.');
    expect(getAuthTokens()).toBeNull();
  });

  it('logs in and goes back to the page in `redirect`', async () => {
    const router = renderAt('/login?redirect=%2Faccount');
    await fillAndSubmit(recruiter, TEST_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(getAuthTokens()?.accessToken).toBeTruthy();
  });

  it('ignores a `redirect` to another site', async () => {
    const router = renderAt('/login?redirect=%2F%2Fevil.example%2F');
    await fillAndSubmit(recruiter.toUpperCase(), TEST_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends an account that must change its password to /update-password, without logging in', async () => {
    const router = renderAt('/login');
    await fillAndSubmit(newcomer, TEST_PASSWORD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/update-password'));
    expect((router.state.location.search as { token?: string }).token).toMatch(/^[\w-]{43}$/);
    expect(getAuthTokens()).toBeNull();
  });

  // As on Account: a password typed on a phone can be checked before it is sent.
  it('shows the typed password when "Show password" is ticked, and hides it again', async () => {
    renderAt('/login');
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    fireEvent.change(password, { target: { value: 'Secret#2026' } });
    expect(password.type).toBe('password');
    const toggle = screen.getByRole('checkbox', { name: 'Show password' });
    fireEvent.click(toggle);
    expect(password.type).toBe('text');
    expect(password.value).toBe('Secret#2026');
    fireEvent.click(toggle);
    expect(password.type).toBe('password');
  });
});
