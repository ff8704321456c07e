import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage, RouteErrorPage } from '#src/components/error-page.tsx';
import { clearAuthTokens, setAuthTokens } from '#src/lib/auth-session.ts';
import { noteServerAnswered } from '#src/lib/server-reachability.ts';
import { m } from '#src/paraglide/messages.js';
import { routeTree } from '#src/routeTree.gen.ts';
import { inProcessApiForFile } from './helpers/in-process-api';

// Issue 21 item 11: the browser says online, but the server does not answer (down, a captive portal,
// its address unreachable). A failed fetch is offline whatever navigator.onLine says: the offline
// banner shows, and a page whose data was never loaded shows the offline page, not "Internal Server
// Error"; once a request is answered again, the banner goes.
const server = inProcessApiForFile();

// Every call fails as fetch fails with no answer, except the signed-in user's unless `meToo` (so the
// app's shell, where the banner lives, renders with a name).
let unreachable = false;
let meToo = false;
async function network(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  if (unreachable && (meToo || !new URL(request.url).pathname.endsWith('/auth/me'))) {
    throw new TypeError('Failed to fetch');
  }
  return server.fetch(request);
}

beforeEach(async () => {
  unreachable = false;
  meToo = false;
  vi.stubGlobal('fetch', network);
  const tokens = await server.sessionOf(await server.createUser({ fullName: 'Aisyah Rahman' }));
  setAuthTokens({ ...tokens, rememberMe: false });
});

afterEach(() => {
  cleanup();
  clearAuthTokens();
  noteServerAnswered();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

// The real route tree with the app's error pages (router.tsx), so a screen's error renders inside the
// app's shell as in the app.
function renderAppAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the server unreachable while the browser says online', () => {
  it('shows the offline page and the banner, and both go once the server answers again', async () => {
    expect(navigator.onLine).toBe(true);
    unreachable = true;
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught route error
    renderAppAt('/earning');

    expect((await screen.findByTestId('offline-page')).textContent).toContain(m.offline_page_title());
    expect(screen.queryByText(m.error_page_internal())).toBeNull();
    expect((await screen.findByTestId('offline-banner')).textContent).toBe(m.outbox_offline_banner());

    unreachable = false;
    fireEvent.click(screen.getByRole('button', { name: m.offline_page_retry() }));
    await waitFor(() => expect(screen.queryByTestId('offline-page')).toBeNull());
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe(m.offline_page_title());
  });

  // Seen in a browser: the server stopped answering while the dashboard first loaded, and the side nav
  // stayed empty (it waited for the user), leaving only "Back to home".
  it('keeps the nav when the user could not load, and fills the name once the server answers', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width: 64rem'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    unreachable = true;
    meToo = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAppAt('/earning');

    await screen.findByTestId('offline-page');
    const nav = screen.getByRole('navigation', { name: m.nav_main_label() });
    expect(within(nav).getByRole('link', { name: m.nav_earning() })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: m.nav_talents_folder() })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: m.nav_admin_payments() })).toBeNull();
    const account = screen.getByLabelText(m.layout_account_menu());
    expect(account.textContent).not.toContain('AR');

    unreachable = false;
    noteServerAnswered();
    await waitFor(() => expect(account.textContent).toContain('AR'));
    fireEvent.click(screen.getByRole('button', { name: m.offline_page_retry() }));
    await waitFor(() => expect(screen.queryByTestId('offline-page')).toBeNull());
  });
});
