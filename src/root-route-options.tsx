import { Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { NotFoundPage, RouteErrorPage } from './components/error-page';
import { LoadingBar } from './components/loading-bar';
import { Toaster } from './components/toast/toaster';
import { preferredLocaleHref } from './lib/locale';
import { watchSystemTheme } from './lib/theme';
import { getLocale, shouldRedirect } from './paraglide/runtime.js';

// The PWA banners (update, install, iOS hint) are never part of the first paint: their code, with the
// service worker registration and the outbox state they read, loads in a chunk of its own (issue 7).
const PwaPrompts = lazy(() =>
  import('./components/pwa/pwa-prompts').then(({ PwaPrompts }) => ({ default: PwaPrompts })),
);

/** The root of both routers (router.tsx, guest-router.tsx): the locale check, the shell, the error pages. */
export const rootRouteOptions = {
  beforeLoad: async () => {
    document.documentElement.lang = getLocale();
    // Paraglide decides whether this address should carry another locale prefix (STACK.md); an address
    // without one goes to the chosen or the browser's language (lib/locale.ts).
    const decision = await shouldRedirect({ url: window.location.href });
    const target = decision.redirectUrl?.href ?? preferredLocaleHref(window.location.href);
    if (target) throw redirect({ href: target, reloadDocument: true });
  },
  component: RootComponent,
  errorComponent: RouteErrorPage,
  notFoundComponent: NotFoundPage,
};

function RootComponent() {
  useEffect(() => watchSystemTheme(), []);
  return (
    <>
      <LoadingBar />
      <Outlet />
      <Suspense fallback={null}>
        <PwaPrompts />
      </Suspense>
      <Toaster />
    </>
  );
}
