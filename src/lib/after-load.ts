/**
 * Runs `work` once the page has loaded (at once if it has): what the first screen does not need then
 * (the service worker, the error reporter's config, a guest's saved-cache code) stays out of the way
 * of its own requests on a slow connection (issue 7).
 */
export function afterLoad(work: () => void): void {
  if (document.readyState === 'complete') work();
  else window.addEventListener('load', () => work(), { once: true });
}
