import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// The signed-in shell (components/layout/app-layout.tsx) in the real route tree against the real API:
// its side nav and account menu, which are built when first shown.
const server = inProcessApiForFile();

beforeEach(async () => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
  const email = await server.createUser({ roles: ['ROLE_RECRUITER'], fullName: 'Aisyah Rahman' });
  await server.signIn(email);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', server.fetch);
});

/** A screen `wide` enough for the always-open side nav (Tailwind's lg), or a phone's. */
function screenIs(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width: 64rem') ? wide : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

async function openAccountPage() {
  const view = renderAppAt('/account');
  await screen.findByRole('heading', { level: 1, name: 'Account' });
  await waitFor(() => expect(view.queryClient.getQueryState(['me'])?.status).toBe('success'));
  return view;
}

const mainNav = () => screen.queryByRole('navigation', { name: 'Main navigation', hidden: true });

describe('signed-in shell', () => {
  it('on a wide screen shows the side nav at once', async () => {
    screenIs(true);
    await openAccountPage();
    const nav = mainNav();
    expect(nav).not.toBeNull();
    expect(within(nav as HTMLElement).getByRole('link', { name: 'Task', hidden: true })).toBeTruthy();
  });

  it('on a phone builds the drawer nav when the menu first opens, and keeps it after a navigation', async () => {
    screenIs(false);
    const { router } = await openAccountPage();
    expect(mainNav()).toBeNull();

    const menu = screen.getByRole('checkbox', { name: 'Open menu' }) as HTMLInputElement;
    fireEvent.click(menu);
    expect(menu.checked).toBe(true);
    const nav = mainNav();
    expect(nav).not.toBeNull();
    fireEvent.click(within(nav as HTMLElement).getByRole('link', { name: 'Outbox', hidden: true }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/outbox'));
    await waitFor(() => expect(menu.checked).toBe(false));
    expect(mainNav()).not.toBeNull();
  });

  it('builds the account menu when it first opens', async () => {
    screenIs(false);
    await openAccountPage();
    const summary = screen.getByLabelText('Account menu');
    const details = summary.closest('details') as HTMLDetailsElement;
    expect(within(details).queryByRole('link', { name: 'Log out', hidden: true })).toBeNull();

    await act(async () => {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    });
    expect(within(details).getByText('Aisyah Rahman', { selector: 'p' })).toBeTruthy();
    expect(within(details).getByRole('link', { name: 'Log out', hidden: true })).toBeTruthy();
  });
});
