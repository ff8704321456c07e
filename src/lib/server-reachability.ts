// Whether the server answers. `navigator.onLine` only says the device has a network: behind a captive
// portal, with the server down or its address unreachable, the browser says online while every fetch
// fails. A fetch that failed (no answer at all) is offline, whatever the browser says (issue 21); any
// answer, even an error status, is online again. While unreachable, the health check is asked every few
// seconds, so the offline banner goes once the server answers even if the screen asks nothing. Changes
// are told as a window event (lib/use-online.ts listens), which costs the first load less than a store.
export const REACHABILITY_EVENT = 'recruiter-reachability';

let unreachable = false;

function set(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  if (value) askAgainLater();
  window.dispatchEvent(new Event(REACHABILITY_EVENT));
}

function askAgainLater(): void {
  setTimeout(() => {
    if (unreachable) fetch('/api/health', { cache: 'no-store' }).then(noteServerAnswered, askAgainLater);
  }, 5_000);
}

/**
 * A request got no answer (fetch rejected) while the browser says it is online. An abort is the
 * caller's choice, not the network; with the browser offline, its own flag already says so.
 */
export function noteFetchFailed(error: unknown): void {
  if ((error as Error)?.name !== 'AbortError' && navigator.onLine) set(true);
}

/** A request got an answer (whatever its status): the server is reachable. */
export function noteServerAnswered(): void {
  set(false);
}

export const isServerUnreachable = (): boolean => unreachable;
