import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { meQueryOptions } from './features/auth/api';
import { createGuestRouter, type Handover, isGuestStart } from './guest-router';
import { afterLoad } from './lib/after-load';
import { setApiQueryClient } from './lib/api-client';
import { getAuthTokens, subscribeAuth } from './lib/auth-session';
import { reloadOnce, watchDocumentLeaving } from './lib/chunk-reload';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { warmIntl } from './lib/intl-warmup';
import { rememberLocaleCookie, resolveLocaleOncePerRun } from './lib/locale';
import { nextTask } from './lib/next-task';
import { applyTheme } from './lib/theme';
import { withTimeout } from './lib/with-timeout';
import { createQueryClient } from './query-client';
import './styles.css';

// Start-up runs in steps, each in a task of its own: in one, with the evaluation of the app's code, it
// made the longest task of a signed-in first load (issue 7: ~75 ms at full CPU speed on /task, which
// Lighthouse's Total Blocking Time counts four times over). The requests the first screen waits for
// (the saved-cache code, the route chunks, the user) still start in the first steps.
installGlobalErrorHandlers();
watchDocumentLeaving();
resolveLocaleOncePerRun();
rememberLocaleCookie();
// Early, so the Intl data is loaded on another thread before the first screen formats a date or amount;
// in a task of its own, as starting a worker takes the main thread a few milliseconds.
void nextTask().then(warmIntl);
const queryClient = createQueryClient();
setApiQueryClient(queryClient);

// public/theme-init.js set the theme before paint; this keeps it right if that script was blocked.
applyTheme();

// TanStack Query only hears `online`/`offline` events: a page opened (or reloaded) offline starts offline.
onlineManager.setOnline(navigator.onLine);

// The saved cache comes back before the first render, so a screen opened before reads offline at once.
// A broken or slow IndexedDB must not keep the app from starting: after the limit it renders anyway
// (a restore that finishes later still fills the cache; newer data is never overwritten). The cache is
// the signed-in user's, and its code a chunk of its own: signed in, it loads alongside the route chunks;
// with nobody signed in there is nothing to restore, so the login and consent pages render at once and
// the chunk loads after the page (it saves the cache once someone logs in) (issue 7).
const RESTORE_LIMIT_MS = 1500;
const startPersistence = () =>
  withTimeout(
    import('./lib/query-persistence')
      .then(({ startQueryPersistence }) => startQueryPersistence(queryClient))
      .catch(() => {}),
    RESTORE_LIMIT_MS,
  );
const signedIn = getAuthTokens() !== null;
const restored = signedIn ? startPersistence() : Promise.resolve();
if (!signedIn) afterLoad(() => void startPersistence());

// Signed out on the login, reset or invitation page, the first screen comes from a router of those pages
// alone (guest-router.tsx, issue 28), and the app's router loads once that screen is up (afterFirstRender),
// while the person types. Anywhere else the app's router is on the first screen's path: its chunk is
// asked for now.
const guestStart = !signedIn && isGuestStart(window.location.pathname);
const appRouter = () => import('./router').then(({ createAppRouter }) => createAppRouter(queryClient));
const guestRouter = guestStart ? createGuestRouter(queryClient, toApp) : null;
const firstRouter = guestRouter ? Promise.resolve(guestRouter) : appRouter();

void nextTask().then(boot);

async function boot() {
  // The app router's chunk did not load (a build deployed meanwhile, a dropped connection): the address
  // loads anew, once, as a screen's chunk does (lib/chunk-reload.ts).
  const router: AnyRouter | null = await firstRouter.catch((error: unknown) => {
    if (reloadOnce(window.location.href)) return null;
    throw error;
  });
  if (!router) return;
  // The first screen's route chunks (component and loader) start loading now, alongside the cache
  // restore and the auth check below, instead of after them (issue 7: one round trip less before the
  // first paint). A failure is left to the router, which loads them again when it renders and shows its
  // error page.
  const [firstRoutes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of firstRoutes) void router.loadRouteChunk(route)?.catch(() => {});

  // A signed-in screen's guards wait for the user (features/auth/guards.ts): ask for it now, alongside
  // the route chunks and the cache restore, not after them (issue 7). The same query the guard ensures,
  // so one request; a restore that ends later never overwrites the newer answer, and offline the guard
  // reads the restored user.
  await nextTask();
  if (firstRoutes.some((route) => route.id === '/_auth') && getAuthTokens()) {
    void queryClient.ensureQueryData(meQueryOptions()).catch(() => {});
  }

  // The router loads the first screen (route chunks, guards, loaders) before React renders it. Rendered
  // from a loaded router, the first render is a transition React splits into short tasks; rendered
  // before, the load's matches reached React through useSyncExternalStore, which React renders in one
  // synchronous task (~85 ms on /task at full CPU speed: issue 7, Lighthouse's Total Blocking Time). A
  // slow load does not keep the page blank: after the router's pendingMs React renders anyway and the
  // screen shows its pending skeleton, as any slow navigation does. The load starts in a task of its
  // own, not in the one that finished the restore (IndexedDB's answer and hydrating the cache).
  await restored;
  await nextTask();
  await withTimeout(
    router.load().catch(() => {}),
    router.options.defaultPendingMs ?? 1000,
  );

  // The first render starts in a task of its own, not in the one that finished the load.
  await nextTask();
  render(router, guestStart ? 'guest' : 'app');
}

let root: Root | null = null;
function render(router: AnyRouter, which: 'guest' | 'app') {
  if (!root) {
    const container = document.getElementById('app');
    if (!container) throw new Error('#app is missing from index.html');
    root = createRoot(container);
  }
  const app = root;
  // Keyed by the router: the app's router replaces the guest's with a tree of its own, not an update.
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider key={which} router={router} />
          <AfterFirstRender effect={afterFirstRender} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

// The guest's router was sent to an address it does not know (the dashboard after logging in, a link, a
// guard's redirect): the app's router, loaded by now or on its way, takes over at that address. The
// guest's page stays on screen meanwhile. Its history lets go of the browser's first (a browser history
// wraps history.pushState: two would both answer), then the address goes in the address bar as the
// guest's router would have put it, and the app's router loads it and replaces the guest's on screen.
// If the app's chunk cannot load (a new build deployed meanwhile), that address loads anew, once.
let leaving = false;
function toApp(next: Handover | null) {
  if (leaving) return;
  leaving = true;
  import('./router')
    .then(async ({ createAppRouter }) => {
      guestRouter?.history.destroy();
      if (next) window.history[next.replace ? 'replaceState' : 'pushState'](next.state, '', next.href);
      const router = createAppRouter(queryClient);
      await router.load().catch(() => {});
      render(router, 'app');
    })
    .catch(() => {
      if (!reloadOnce(next?.href ?? window.location.href)) leaving = false;
    });
}

function afterFirstRender() {
  startOutboxWhenSignedIn();
  // Not earlier: the page's load event comes before the first screen's own chunks are even asked for.
  if (guestStart) void import('./router').catch(() => {});
}

/** Runs `effect` once the first render is on screen (React runs effects after the commit). */
function AfterFirstRender({ effect }: { effect: () => void }) {
  useEffect(effect, [effect]);
  return null;
}

// The outbox replays what was queued (on start, online, visible, after a back-off) and refreshes the
// lists an entry belongs to once it is sent. It starts once the first render is on screen, from a chunk
// of its own: the first screen does not wait for it, and a screen that queues work imports it. Not
// before: its first read of IndexedDB changes the snapshot the shell's unsent badge reads, and a store
// that changes while React renders the first screen in slices makes React render it all again, in one
// task (issue 7: seen in every Lighthouse run of /task). A guest (the login and consent pages) has no
// outbox to replay: it starts when someone logs in, not as a 40-50 ms task (IndexedDB, a
// BroadcastChannel) in every guest's first load.
let outboxWaiting = false;
function startOutboxWhenSignedIn() {
  if (outboxWaiting) return; // StrictMode runs a development build's effects twice
  outboxWaiting = true;
  if (getAuthTokens()) {
    startOutboxRunner();
  } else {
    const stopWaiting = subscribeAuth(() => {
      if (!getAuthTokens()) return;
      stopWaiting();
      startOutboxRunner();
    });
  }
}

function startOutboxRunner() {
  void import('./lib/outbox/outbox-runner').then(({ setOutboxQueryClient, startOutbox }) => {
    setOutboxQueryClient(queryClient);
    startOutbox();
  });
  // At the same moments, the device's push subscription goes to the server again: it follows the session.
  void import('./lib/push').then(({ renewThisDevice }) => renewThisDevice());
}
