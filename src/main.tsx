import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiQueryClient } from './lib/api-client';
import { installChunkReloadListener } from './lib/chunk-reload';
import { installGlobalErrorHandlers } from './lib/error-reporting';
import { setOutboxQueryClient, startOutbox } from './lib/outbox/outbox-runner';
import { startQueryPersistence, withTimeout } from './lib/query-persistence';
import { applyTheme } from './lib/theme';
import { createAppRouter, createQueryClient } from './router';
import './styles.css';

installGlobalErrorHandlers();
const queryClient = createQueryClient();
setApiQueryClient(queryClient);
const router = createAppRouter(queryClient);

// public/theme-init.js set the theme before paint; this keeps it right if that script was blocked.
applyTheme();
// A stale tab whose next screen chunk is gone reloads onto the address it was going to.
installChunkReloadListener(() => router.state.location.publicHref);

// The outbox replays what was queued (on start, online, visible, after a back-off) and refreshes the
// lists an entry belongs to once it is sent.
setOutboxQueryClient(queryClient);
startOutbox();

// TanStack Query only hears `online`/`offline` events: a page opened (or reloaded) offline starts offline.
onlineManager.setOnline(navigator.onLine);

// The saved cache comes back before the first render, so a screen opened before reads offline at once.
// A broken or slow IndexedDB must not keep the app from starting: after the limit it renders anyway
// (a restore that finishes later still fills the cache; newer data is never overwritten).
const RESTORE_LIMIT_MS = 1500;
void withTimeout(
  Promise.resolve()
    .then(() => startQueryPersistence(queryClient))
    .catch(() => {}),
  RESTORE_LIMIT_MS,
).then(() => {
  const container = document.getElementById('app');
  if (!container) throw new Error('#app is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
