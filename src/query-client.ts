import { QueryClient } from '@tanstack/react-query';
import { isBrowserOffline } from './lib/app-error';
import { QUERY_CACHE_MAX_AGE } from './lib/query-cache-age';

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
