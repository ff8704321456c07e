import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import 'fake-indexeddb/auto';
import { setOutboxQueryClient, startOutbox } from '#src/lib/outbox/outbox-runner.ts';
import { routeTree } from '#src/routeTree.gen.ts';

// The real route tree at `path`, with a fresh query cache: screens render as the app renders them,
// with the outbox running as main.tsx starts it (IndexedDB from fake-indexeddb).
export function renderAppAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  setOutboxQueryClient(queryClient);
  startOutbox();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
