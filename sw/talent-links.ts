/// <reference lib="webworker" />
import { registerRoute } from 'workbox-routing';
import { m } from '#src/paraglide/messages.js';
import { isLocale, type Locale } from '#src/paraglide/runtime.js';
import { APP_NAME, THEME_COLOR } from '#src/shared/constants.ts';
import { escapeHtml } from '#src/shared/escape-html.ts';
import { TALENT_LINK_PAGE_PATH } from '#src/shared/talent-link-page.ts';
import { workerLocale } from './sw-locale';

declare const self: ServiceWorkerGlobalScope;

// The talent's consent and ITA pages are not the app: the server writes each link's content into its own
// page (talent.html). The worker never answers them from the app's precache, whatever their query string
// (a token always follows), and offline it says so in the talent's words instead of the browser's error.
// Registered before the app's navigation route, so that one never sees them.

const isTalentLinkNavigation = (request: Request, url: URL) =>
  request.mode === 'navigate' && url.origin === self.location.origin && TALENT_LINK_PAGE_PATH.test(url.pathname);

/** The page's language: its address's prefix, else what the worker reads for its own texts. */
async function linkLocale(url: URL): Promise<Locale> {
  const prefix = url.pathname.split('/')[1] ?? '';
  return isLocale(prefix) ? prefix : workerLocale();
}

/** A page of its own, with no script and no request: the talent may have no connection at all. */
export function talentOfflinePage(locale: Locale, href: string): string {
  const title = m.offline_page_title({}, { locale });
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}"><meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(APP_NAME)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#fff}main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1.25rem;padding:.75rem 1.25rem;border-radius:.5rem;background:${THEME_COLOR};color:#fff;text-decoration:none;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}}</style></head>
<body><main data-testid="talent-link-offline"><p>${escapeHtml(APP_NAME)}</p><h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(m.talent_link_offline_text({}, { locale }))}</p>
<a href="${escapeHtml(href)}">${escapeHtml(m.talent_link_retry({}, { locale }))}</a></main></body></html>`;
}

export function registerTalentLinks() {
  registerRoute(
    ({ request, url }) => isTalentLinkNavigation(request, url),
    async ({ request, url }) => {
      try {
        return await fetch(request);
      } catch {
        return new Response(talentOfflinePage(await linkLocale(url), url.pathname + url.search), {
          status: 503,
          headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
        });
      }
    },
  );
}

// A worker from before this fix answered talent links with the app's shell, whose router has no such page
// (its 404), and a reload kept it. When this worker installs over such a worker while a talent's tab shows
// that, it takes over at once and reloads the tab onto the real page, instead of waiting for every tab of
// the app to close: the talent would otherwise never reach it. The marker cache tells a worker that the
// one before it already sent talent links to the network, so later updates wait for the user as usual.
const FIXED_MARKER = 'talent-links-network';
let rescuing = false;

// Uncontrolled too: an installing worker's matchAll leaves out the tabs the worker before it controls.
async function talentTabs(): Promise<WindowClient[]> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return tabs.filter((tab) => TALENT_LINK_PAGE_PATH.test(new URL(tab.url).pathname));
}

export function rescueTalentTabsFromOldWorkers() {
  self.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        const oldWorker = !!self.registration.active && !(await caches.has(FIXED_MARKER));
        rescuing = oldWorker && (await talentTabs()).length > 0;
        if (rescuing) await self.skipWaiting();
      })(),
    );
  });
  self.addEventListener('activate', (event) => {
    const claimed = (async () => {
      await caches.open(FIXED_MARKER);
      if (!rescuing) return [];
      await self.clients.claim();
      return talentTabs();
    })();
    event.waitUntil(claimed);
    // Not awaited in waitUntil: the reload's fetch event waits for this worker to finish activating.
    void claimed.then((tabs) => Promise.all(tabs.map((tab) => tab.navigate(tab.url).catch(() => null))));
  });
}
