import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setApiQueryClient } from './lib/api-client';
import { installChunkReloadListener } from './lib/chunk-reload';
import { installGlobalErrorHandlers } from './lib/error-reporting';
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

const container = document.getElementById('app');
if (!container) throw new Error('#app is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
