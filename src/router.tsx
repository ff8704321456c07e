import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { guardLazyRouteComponents } from './lib/chunk-reload';
import { routerOptions } from './router-options';
import { routeTree } from './routeTree.gen';

export type { RouterContext } from './router-options';

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({ routeTree, ...routerOptions(queryClient) });
  // A screen chunk that fails to load reaches the error page, which reloads to the target (issue 21).
  guardLazyRouteComponents(Object.values(router.routesById));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
