import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { guardLazyRouteComponents } from './lib/chunk-reload';
import { routerOptions } from './router-options';
import { type FileRoutesByFullPath, routeTree } from './routeTree.gen';
import type { APP_ROUTE_PATHS } from './shared/app-routes';

export type { RouterContext } from './router-options';

// The server answers 404 to any address outside APP_ROUTE_PATHS (src/server/web.ts), so that list must be
// exactly the route tree's: a screen added or removed fails the type check until the list says so too.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type AppRoutesAreTheRouters = Holds<Same<(typeof APP_ROUTE_PATHS)[number], keyof FileRoutesByFullPath>>;

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
