import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '#src/components/error-page.tsx';
import { guardLazyRouteComponents, watchDocumentLeaving } from '#src/lib/chunk-reload.ts';
import { m } from '#src/paraglide/messages.js';

// Issue 21 item 10: a navigation is never swallowed. A screen chunk that fails to load reloads to the
// TARGET path (seed), not the page being left; a chunk that fails because the document is being left
// (WebKit and Firefox cancel its imports) reloads nothing, so the navigation under way goes on.

function appRouter() {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <h1>Home</h1> });
  // The generated route tree's split component, whose chunk cannot be fetched.
  const target = createRoute({
    getParentRoute: () => root,
    path: '/target',
    component: lazyRouteComponent(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/target-x1.js')),
      'component',
    ),
  });
  const router = createRouter({
    routeTree: root.addChildren([home, target]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  guardLazyRouteComponents(Object.values(router.routesById));
  render(<RouterProvider router={router} />);
  return router;
}

let stopWatching: () => void;
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the error the route caught
  stopWatching = watchDocumentLeaving();
});
afterEach(() => {
  cleanup();
  stopWatching();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('a screen chunk that fails to load', () => {
  it('reloads the document at the target path, never the page being left', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const router = appRouter();
    await screen.findByRole('heading', { name: 'Home' });

    await act(() => router.navigate({ href: '/target' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/target'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByText(m.error_page_reloading())).toBeTruthy();
  });

  it('reloads nothing when it failed because the document is being left', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const router = appRouter();
    await screen.findByRole('heading', { name: 'Home' });

    window.dispatchEvent(new Event('beforeunload')); // a link to another document was followed
    await act(() => router.navigate({ href: '/target' }));

    await waitFor(() => expect(router.state.matches.at(-1)?.status).toBe('error'));
    expect(assign).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
