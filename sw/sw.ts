/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerOutboxSync } from './outbox-sync';
import { registerPush } from './push';
import { registerShareTarget } from './share-target';
import { registerTalentLinks, rescueTalentTabsFromOldWorkers } from './talent-links';

declare const self: ServiceWorkerGlobalScope;

// The app shell (HTML, JS, CSS, icons, manifest) is precached from the build's manifest; a new build
// brings a new manifest, and the old precache is dropped once the new worker takes over.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation (/, /ms/task, /faq ...) answers the precached shell, so a deep link or a
// reload works offline; the router then renders the route. /api/* is never a navigation target we
// cache, and no route below serves /api from a cache: API answers always come from the network (the
// query cache in IndexedDB keeps the last data for offline reading). The talent's consent and ITA pages
// are not the app: the server answers them with the link's content, so they go to the network (registered
// first: the navigation route below never sees them, whatever their query string).
registerTalentLinks();
rescueTalentTabsFromOldWorkers();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api(\/|\?|$)/],
  }),
);

// A CV shared from another app (Android's share sheet) is kept for the /share-target page.
registerShareTarget();
// Background Sync: the outbox is replayed from here when the network returns, even with the app closed.
registerOutboxSync();
// Web Push: every push shows a notification; a click opens the screen it is about.
registerPush();

// The update prompt asks the waiting worker to take over once the user agrees (registerType 'prompt').
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
