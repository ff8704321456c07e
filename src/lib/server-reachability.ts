// Whether the server answers. `navigator.onLine` only says the device has a network: behind a captive
// portal, with the server down or its address unreachable, the browser says online while every fetch
// fails. A fetch that failed (no answer at all) is offline, whatever the browser says (issue 21); any
// answer, even an error status, is online again. While unreachable, the health check is asked now and
// then, so the offline banner goes once the server answers even if the screen asks nothing.
const PROBE_MS = 5_000;

let unreachable = false;
let probe: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function askAgainLater(): void {
  probe = setTimeout(() => {
    fetch('/api/health', { cache: 'no-store' }).then(noteServerAnswered, () => {
      if (unreachable) askAgainLater();
    });
  }, PROBE_MS);
}

function set(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  if (probe !== null) clearTimeout(probe);
  probe = null;
  if (value && typeof window !== 'undefined') askAgainLater();
  for (const listener of listeners) listener();
}

/**
 * A request got no answer (fetch rejected) while the browser says it is online. An abort is the
 * caller's choice, not the network; with the browser offline, its own flag already says so, and its
 * `online` event ends that (the next request tells whether the server answers).
 */
export function noteFetchFailed(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  set(true);
}

/** A request got an answer (whatever its status): the server is reachable. */
export function noteServerAnswered(): void {
  set(false);
}

export const isServerUnreachable = (): boolean => unreachable;

export function subscribeReachability(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}
