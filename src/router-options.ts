import type { QueryClient } from '@tanstack/react-query';
import { stringifySearchWith } from '@tanstack/react-router';
import { NotFoundPage, RouteErrorPage } from './components/error-page';
import { deLocalizeUrl, localizeUrl } from './paraglide/runtime';

// What the app's router (router.tsx) and the guest's first router (guest-router.tsx) share: the same
// addresses, search strings and error pages, whichever of them runs.

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

export const routerOptions = (queryClient: QueryClient) => ({
  context: { queryClient },
  scrollRestoration: true,
  defaultPreload: 'intent' as const,
  // React Query owns caching; the router always asks it.
  defaultPreloadStaleTime: 0,
  // The seed's error page: Page Not Found for 404 (unmatched or failed validity check), else Internal Server Error.
  defaultNotFoundComponent: NotFoundPage,
  defaultErrorComponent: RouteErrorPage,
  stringifySearch,
  // Locale prefixes live only in the address bar: routes match the de-localised path (STACK.md).
  rewrite: {
    input: ({ url }: { url: URL }) => deLocalizeUrl(url),
    output: ({ url }: { url: URL }) => localizeUrl(url),
  },
});
