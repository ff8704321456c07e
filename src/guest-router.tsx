import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { useEffect } from 'react';
import { requireGuest, requireToken } from './features/auth/guards';
import { loginSearch, updatePasswordSearch } from './features/auth/search';
import { guardLazyRouteComponents } from './lib/chunk-reload';
import { m } from './paraglide/messages';
import { rootRouteOptions } from './root-route-options';
import { type RouterContext, routerOptions } from './router-options';
import { pathWithoutLocale } from './shared/locale-path';

// A guest's first router (issue 28). Someone signed out who opens the login page, or a reset or
// invitation link (/update-password), first gets a router that knows only those three pages, so the
// first load does not carry the app's route tree: ~50 screens with their search schemas and the valibot
// they call (about 5 kB gzip of /login's 130). For any other address (the dashboard after logging in, a
// legal page, a guard's redirect) the app's router (router.tsx, fetched once this page is on screen)
// takes over in the same document, at that address, with the same query cache (main.tsx's toApp). The
// pages and their search params and guards are the app's own (features/auth), so both routers serve
// them alike.

const GUEST_START_PATHS = new Set(['/login', '/reset-password', '/update-password']);

/** Whether this address is one of the guest's first router's pages (with or without a language prefix). */
export function isGuestStart(pathname: string): boolean {
  const path = pathWithoutLocale(pathname);
  return GUEST_START_PATHS.has(path.length > 1 ? path.replace(/\/$/, '') : path);
}

/** Where the app's router takes over: the address the guest's router was sent to, as it would have gone there. */
export type Handover = { href: string; state: unknown; replace: boolean };

// Set by createGuestRouter: there is one guest router per document, made by main.tsx.
let leaveForApp: (next: Handover | null) => void = () => {};

/** An address this router does not know, reached by Back or Forward: the app's router takes over there. */
function ToApp() {
  useEffect(() => leaveForApp(null), []);
  return (
    <p className="p-6 text-center text-base-content/70" aria-live="polite">
      {m.common_loading()}
    </p>
  );
}

/**
 * `toApp` hands the page to the app's router; it is called when an address is not one of these pages,
 * with that address, or with null when the address is already in the address bar (Back, Forward).
 */
export function createGuestRouter(queryClient: QueryClient, toApp: (next: Handover | null) => void) {
  leaveForApp = toApp;
  const root = createRootRouteWithContext<RouterContext>()({ ...rootRouteOptions, notFoundComponent: ToApp });
  const guest = createRoute({
    getParentRoute: () => root,
    id: '_guest',
    beforeLoad: ({ context }) => requireGuest({ context }),
    component: lazyRouteComponent(() => import('./components/layout/guest-layout'), 'GuestLayoutRoute'),
  });
  const login = createRoute({
    getParentRoute: () => guest,
    path: '/login',
    validateSearch: loginSearch,
    component: lazyRouteComponent(() => import('./features/auth/components/login-page'), 'LoginScreen'),
  });
  const resetPassword = createRoute({
    getParentRoute: () => guest,
    path: '/reset-password',
    component: lazyRouteComponent(
      () => import('./features/auth/components/reset-password-page'),
      'ResetPasswordScreen',
    ),
  });
  const updatePassword = createRoute({
    getParentRoute: () => root,
    path: '/update-password',
    validateSearch: updatePasswordSearch,
    beforeLoad: requireToken,
    component: lazyRouteComponent(
      () => import('./features/auth/components/update-password-page'),
      'UpdatePasswordScreen',
    ),
  });
  const routeTree = root.addChildren([guest.addChildren([login, resetPassword]), updatePassword]);
  const router = createRouter({ routeTree, ...routerOptions(queryClient), defaultNotFoundComponent: ToApp });
  guardLazyRouteComponents(Object.values(router.routesById));
  // Sent elsewhere (logged in, a link, a guard's redirect), this router does not go: its page stays on
  // screen, the button still saying "Please wait", until the app's router has loaded that address, which
  // then replaces it. Going there, this router would show a blank "Loading…" meanwhile.
  router.history.block({
    enableBeforeUnload: false,
    blockerFn: ({ nextLocation, action }) => {
      if ((action !== 'PUSH' && action !== 'REPLACE') || isGuestStart(nextLocation.pathname)) return false;
      toApp({ href: nextLocation.href, state: nextLocation.state, replace: action === 'REPLACE' });
      return true;
    },
  });
  return router;
}
