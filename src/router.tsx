import { QueryClient } from '@tanstack/react-query';
import { createRouter, stringifySearchWith } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from './components/error-page';
import { isBrowserOffline } from './lib/app-error';
import { guardLazyRouteComponents } from './lib/chunk-reload';
import { QUERY_CACHE_MAX_AGE } from './lib/query-cache-age';
import { deLocalizeUrl, localizeUrl } from './paraglide/runtime';
import { routeTree } from './routeTree.gen';

// Ids validated as strings (lib/search-params) would otherwise be written quoted, `?taskId=%227%22`, to
// keep their type. Written plain (`?taskId=7`) they come back as numbers, which those schemas accept.
// Only canonical numbers: '007' or a 20-digit id would not survive the round trip, so they stay quoted.
const quoteAware = stringifySearchWith(JSON.stringify, JSON.parse);
function stringifySearch(search: Record<string, unknown>): string {
  const plain = Object.fromEntries(
    Object.entries(search).map(([key, value]) => [
      key,
      typeof value === 'string' && value !== '' && String(Number(value)) === value ? Number(value) : value,
    ]),
  );
  return quoteAware(plain);
}

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    scrollRestoration: true,
    defaultPreload: 'intent',
    // React Query owns caching; the router always asks it.
    defaultPreloadStaleTime: 0,
    // The seed's error page: Page Not Found for 404 (unmatched or failed validity check), else Internal Server Error.
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: RouteErrorPage,
    stringifySearch,
    // Locale prefixes live only in the address bar: routes match the de-localised path (STACK.md).
    rewrite: {
      input: ({ url }) => deLocalizeUrl(url),
      output: ({ url }) => localizeUrl(url),
    },
  });
  // A screen chunk that fails to load reaches the error page, which reloads to the target (issue 21).
  guardLazyRouteComponents(Object.values(router.routesById));
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

// Offline (issue 4, "Reading offline"): a query tries once even with no network ('offlineFirst') and is
// not retried while the browser is offline, so a loader with nothing cached fails at once into the
// route's error page instead of pausing for ever; one with cached data renders it (ensureQueryData
// answers from the cache, the failed refetch keeps the data). Mutations that need the server try and
// fail fast with the offline message instead of pausing with a spinner. gcTime matches the saved
// cache's max age, or restored queries would be collected (and dropped from the next save) after a day.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: QUERY_CACHE_MAX_AGE,
        networkMode: 'offlineFirst',
        retry: (failureCount) => failureCount < 1 && !isBrowserOffline(),
      },
      mutations: { networkMode: 'always' },
    },
  });
