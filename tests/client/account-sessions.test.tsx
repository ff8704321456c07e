import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// "Your sessions" on the account page (issue 22 finding 14), in the real route tree against the real API.
const server = inProcessApiForFile();

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

const toastMessages = () => getToasts().map((toast) => toast.message);
const rows = () => within(screen.getByRole('region', { name: 'Your sessions' })).queryAllByTestId('account-session');
const answers = async (accessToken: string) =>
  (await server.app.request('/api/account', { headers: { authorization: `Bearer ${accessToken}` } })).status;

async function openAccount() {
  const view = renderAppAt('/account');
  await screen.findByRole('heading', { level: 1, name: 'Account' });
  await waitFor(() => expect(view.queryClient.getQueryState(['me'])?.status).toBe('success'));
  return view;
}

describe('your sessions', () => {
  it('lists my devices, signs one out, then all the others after a confirmation', async () => {
    const email = await server.createUser();
    await server.signIn(email);
    const tablet = await server.sessionOf(email);
    const laptop = await server.sessionOf(email);
    await openAccount();

    await waitFor(() => expect(rows()).toHaveLength(3));
    const current = rows().filter((row) => within(row).queryByText('This device'));
    expect(current).toHaveLength(1);
    expect(within(current[0] as HTMLElement).queryByRole('button')).toBeNull();

    // One device, from its row: the list drops it at once.
    const others = rows().filter((row) => !within(row).queryByText('This device'));
    fireEvent.click(within(others[0] as HTMLElement).getByRole('button', { name: 'Sign out Unknown device' }));
    await waitFor(() => expect(toastMessages()).toContain('Signed out of 1 device.'));
    await waitFor(() => expect(rows()).toHaveLength(2));

    // All the others: asked first, then one row is left.
    clearToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of 1 other device?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(toastMessages()).toContain('Signed out of 1 device.'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('No other device is signed in.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    expect(await answers(tablet.accessToken)).toBe(401);
    expect(await answers(laptop.accessToken)).toBe(401);
  });
});
