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

// Returns true when a reload was started; false when one for the same target just happened.
export function reloadOnce(targetHref: string): boolean {
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
