import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { meQueryOptions } from './features/auth/api';
import { afterLoad } from './lib/after-load';
import { setApiQueryClient } from './lib/api-client';
import { getAuthTokens, subscribeAuth } from './lib/auth-session';
import { watchDocumentLeaving } from './lib/chunk-reload';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { warmIntl } from './lib/intl-warmup';
import { rememberLocaleCookie, resolveLocaleOncePerRun } from './lib/locale';
import { nextTask } from './lib/next-task';
import { applyTheme } from './lib/theme';
import { withTimeout } from './lib/with-timeout';
import { createAppRouter, createQueryClient } from './router';
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

void nextTask().then(boot);

async function boot() {
  const router = createAppRouter(queryClient);
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
  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <AfterFirstRender effect={startOutboxWhenSignedIn} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
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
