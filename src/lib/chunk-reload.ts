// A deploy replaces the hashed screen chunks; a tab still running the old build then fails to import
// them. The seed's answer: a full reload to the target path (seed sections 4 and 8), once, so a
// chunk that is really missing shows the error page instead of reloading forever. The failed import
// reaches the route's error component (components/error-page.tsx), which calls reloadOnce.
const GUARD_KEY = 'recruiter-chunk-reload';
const GUARD_WINDOW_MS = 10_000;

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module',
  'Importing a module script failed',
  'error loading dynamically imported module',
  'Unable to preload CSS',
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR_PATTERNS.some((pattern) => message.includes(pattern));
}

// Leaving the document (a link to another document, location.assign, a reload) cancels the imports in
// flight: WebKit and Firefox reject them as failed chunk loads. Reloading then would replace the
// navigation under way with the page being left (issue 21: a tap right after login landed back on the
// previous page). `beforeunload` says a navigation is starting; if something cancelled it, the page is
// still here a while later and counts as staying again.
const LEAVING_MS = 10_000;
let leftAt = Number.NEGATIVE_INFINITY;
const markLeaving = () => {
  leftAt = Date.now();
};

/** Starts telling a chunk that failed because the document is being left from one that is missing. */
export function watchDocumentLeaving(): () => void {
  window.addEventListener('beforeunload', markLeaving);
  window.addEventListener('pagehide', markLeaving);
  return () => {
    window.removeEventListener('beforeunload', markLeaving);
    window.removeEventListener('pagehide', markLeaving);
    leftAt = Number.NEGATIVE_INFINITY;
  };
}

type LazyComponent = { preload?: () => Promise<void> };

/**
 * TanStack Router's lazyRouteComponent keeps a failed import to itself (its preload resolves) and, when
 * rendered, reloads the CURRENT document: the page being left, or the previous page when the router
 * has not moved the address yet. Its preload is made to fail instead, so the router shows the route's
 * error page, which reloads to the navigation's target (components/error-page.tsx). Its preload is
 * removed once the import succeeded, still there after a failure.
 */
export function guardLazyRouteComponents(routes: Iterable<{ options: { component?: unknown } }>): void {
  for (const route of routes) {
    const lazy = route.options.component as LazyComponent | undefined;
    const preload = lazy?.preload;
    if (!lazy || typeof preload !== 'function') continue;
    const guarded = () =>
      preload().then(() => {
        // Worded as the browsers word it, so isChunkLoadError knows it.
        if (lazy.preload === guarded) throw new Error('Failed to fetch dynamically imported module (route)');
      });
    lazy.preload = guarded;
  }
}

// Returns true when a reload was started, or is not needed because the document is being left; false
// when one for the same target just happened.
export function reloadOnce(targetHref: string): boolean {
  if (Date.now() - leftAt < LEAVING_MS) return true;
  try {
    const raw = sessionStorage.getItem(GUARD_KEY);
    const last = raw ? (JSON.parse(raw) as { href?: string; at?: number }) : null;
    if (last?.href === targetHref && typeof last.at === 'number' && Date.now() - last.at < GUARD_WINDOW_MS) {
      return false;
    }
    sessionStorage.setItem(GUARD_KEY, JSON.stringify({ href: targetHref, at: Date.now() }));
  } catch {
    // Without sessionStorage there is no loop guard: better to show the error page than to loop.
    return false;
  }
  window.location.assign(targetHref);
  return true;
}
