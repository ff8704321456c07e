import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { NotFoundPage, RouteErrorPage } from '#src/components/error-page.tsx';
import { LoadingBar } from '#src/components/loading-bar.tsx';
import { Toaster } from '#src/components/toast/toaster.tsx';
import { preferredLocaleHref } from '#src/lib/locale.ts';
import { watchSystemTheme } from '#src/lib/theme.ts';
import { getLocale, shouldRedirect } from '#src/paraglide/runtime.js';
import type { RouterContext } from '#src/router.tsx';

// The PWA banners (update, install, iOS hint) are never part of the first paint: their code, with the
// service worker registration and the outbox state they read, loads in a chunk of its own (issue 7).
const PwaPrompts = lazy(() =>
  import('#src/components/pwa/pwa-prompts.tsx').then(({ PwaPrompts }) => ({ default: PwaPrompts })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
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
});

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
