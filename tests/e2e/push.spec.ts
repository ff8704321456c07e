import path from 'node:path';
import { type BrowserContext, type CDPSession, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import type { PushMessage } from '#src/shared/notifications.ts';
import { DEMO_PASSWORD, E2E_BASE_URL, E2E_PUSH_ORIGIN, e2eDataDir, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, message, waitForServiceWorkerControl } from './helpers';
import { cookieTokens } from './outbox-helpers';

// Issue 25, Web Push in the browser: the recruiter turns push on for their phone from the account page,
// the server keeps the device's subscription, a push delivered to the service worker shows its
// notification (also a push the worker cannot read), and a click on it opens the screen it is about.
// The push is delivered through the DevTools protocol (ServiceWorker.deliverPushMessage) and the
// PushManager is replaced (below), both Chromium's: playwright.config.ts runs this in the mobile project,
// and every Playwright project is Chromium (WebKit and Firefox run the engine journeys, tests/engines).

type SeenNotification = { title: string; body: string; tag: string; url: unknown };

// Headless Chromium here has no internet, so PushManager.subscribe() cannot reach Google's push service,
// and a test run must never post to it anyway. The browser's part is played instead: a subscription as
// Chrome makes one, but at the local push service global-setup.ts starts (its endpoint, a fresh
// P-256 public key and a 16-byte auth secret, made with WebCrypto in the page), kept in localStorage so
// getSubscription() still finds it after a reload. Everything of ours (the switch, src/lib/push.ts, the
// API, the server's checks of the endpoint and keys, the service worker) runs as it is.
function fakePushService(pushOrigin: string) {
  const KEY = 'e2e-push-subscription';
  type Stored = { endpoint: string; p256dh: string; auth: string; serverKey: string };
  const b64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const fromB64url = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  const asSubscription = (stored: Stored) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: fromB64url(stored.serverKey).buffer },
    getKey: (name: 'p256dh' | 'auth') => fromB64url(stored[name]).buffer,
    toJSON: () => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      keys: { p256dh: stored.p256dh, auth: stored.auth },
    }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  const read = (): Stored | null => JSON.parse(localStorage.getItem(KEY) ?? 'null');
  PushManager.prototype.getSubscription = async function getSubscription() {
    const stored = read();
    return (stored ? asSubscription(stored) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const existing = read();
    if (existing) return asSubscription(existing) as unknown as PushSubscription;
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    const key = options?.applicationServerKey;
    const serverKey =
      typeof key === 'string'
        ? key
        : b64url(new Uint8Array(key instanceof ArrayBuffer ? key : (key as ArrayBufferView).buffer));
    const stored: Stored = {
      endpoint: `${pushOrigin}/push/e2e-${crypto.randomUUID()}`,
      p256dh: b64url(publicKey),
      auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
      serverKey,
    };
    localStorage.setItem(KEY, JSON.stringify(stored));
    return asSubscription(stored) as unknown as PushSubscription;
  };
}

/** The server's stored subscriptions of an endpoint (the database the e2e server runs on). */
function storedSubscriptions(endpoint: string): { endpoint: string; p256dh: string; auth: string }[] {
  const db = new Database(path.join(e2eDataDir(), 'app.db'), { readonly: true });
  try {
    return db.prepare('select endpoint, p256dh, auth from push_subscriptions where endpoint = ?').all(endpoint) as {
      endpoint: string;
      p256dh: string;
      auth: string;
    }[];
  } finally {
    db.close();
  }
}

const pageSubscription = (page: Page) =>
  page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('e2e-push-subscription') ?? 'null') as {
        endpoint: string;
        p256dh: string;
        auth: string;
      } | null,
  );

/** The app's service worker registration, as the DevTools protocol names it. */
async function workerRegistration(cdp: CDPSession): Promise<string> {
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((item) => item.scopeURL === `${E2E_BASE_URL}/` && !item.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return registrationId;
}

/** Chromium's own log of a push it delivered (DevTools' BackgroundService domain, push messaging). */
type PushLogEntry = { eventName: string; timestamp: number; eventMetadata: { key: string; value: string }[] };

/**
 * Delivers `data` as a push to the page's service worker, as the push service would, and waits until
 * Chromium says the worker's push event finished. The protocol's delivery answers at once and reports
 * nothing: Chromium drops a message it could not hand to the worker (its start failed or timed out on a
 * loaded machine) without a word. Its BackgroundService log says what became of each message: "Push event
 * dispatched" with the payload, then "Push event completed" with a status. A message never dispatched is
 * delivered again, as a push service keeps a message until the device takes it; a push event that ends in
 * anything but Success fails the test with Chromium's status, so a handler that throws is never retried.
 */
async function deliverPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = await workerRegistration(cdp);
  const entries: PushLogEntry[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
    entries.push(backgroundServiceEvent);
  });
  await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
  const metadata = (entry: PushLogEntry, key: string) => entry.eventMetadata.find((item) => item.key === key)?.value;
  const attempts: string[] = [];
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    // Chromium stamps its log in seconds of wall time; older entries (replayed on observing) are skipped.
    const sentAt = Date.now() / 1000 - 0.1;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_BASE_URL, registrationId, data });
    const dispatchedAt = () =>
      entries.findIndex(
        (entry) =>
          entry.timestamp >= sentAt &&
          entry.eventName === 'Push event dispatched' &&
          metadata(entry, 'Payload') === data,
      );
    // The first end logged after this message's dispatch (an earlier push's end may be logged around it).
    const status = () => {
      const done = entries.slice(dispatchedAt() + 1).find((entry) => entry.eventName === 'Push event completed');
      return done ? (metadata(done, 'Status') ?? 'no status') : null;
    };
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && dispatchedAt() < 0) await new Promise((resolve) => setTimeout(resolve, 50));
    if (dispatchedAt() >= 0) {
      // The worker has it: its event's end is awaited (the handler's own time), and must be a success.
      await expect.poll(status, { message: 'the push event ends' }).not.toBeNull();
      expect(status(), "how the worker's push event ended, as Chromium logs it").toBe('Success');
      if (attempts.length > 0) {
        test.info().annotations.push({ type: 'push delivered again', description: attempts.join('; ') });
      }
      await cdp.detach();
      return;
    }
    attempts.push(`attempt ${attempt}: not dispatched in 5 s`);
  }
  throw new Error(`Chromium never dispatched the push: ${attempts.join('; ')}`);
}

function shownNotifications(page: Page): Promise<SeenNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((item) => ({
      title: item.title,
      body: item.body,
      tag: item.tag,
      url: (item.data as { url?: unknown } | null)?.url,
    }));
  });
}

/** The demo recruiter signed in on a device whose browser grants notifications, on the account page: its push switch. */
async function signedInForPush(page: Page, context: BrowserContext) {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(fakePushService, E2E_PUSH_ORIGIN);
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  await page.goto('/account');
  return page.getByRole('switch', { name: message('en', 'push_device_label') });
}

/** The demo recruiter signed in, push switched on from the account page, the server holding the device. */
async function pushSwitchedOn(page: Page, context: BrowserContext) {
  const pushSwitch = await signedInForPush(page, context);
  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  const subscription = await pageSubscription(page);
  await expect.poll(() => storedSubscriptions(subscription?.endpoint ?? '')).toHaveLength(1);
  return subscription;
}

test('push on this device: switched on from the account page, a push shows its notification and its click opens the screen', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // Off on a device that never had it; switched on by the recruiter.
  const pushSwitch = await signedInForPush(page, context);
  await expect(pushSwitch).toBeEnabled();
  await expect(pushSwitch).not.toBeChecked();
  await expect(page.getByTestId('push-device-hint')).toHaveText(message('en', 'push_device_off'));
  await pushSwitch.click();
  await expect(pushSwitch).toBeChecked();
  await expect(page.getByTestId('push-device-hint')).toHaveText(message('en', 'push_device_on'));

  // The server holds this device's subscription, keys and all; the switch still reads on after a reload.
  const subscription = await pageSubscription(page);
  expect(subscription?.endpoint.startsWith(`${E2E_PUSH_ORIGIN}/push/e2e-`)).toBe(true);
  await expect
    .poll(() => storedSubscriptions(subscription?.endpoint ?? ''))
    .toEqual([{ endpoint: subscription?.endpoint, p256dh: subscription?.p256dh, auth: subscription?.auth }]);
  await page.reload();
  await expect(pushSwitch).toBeChecked();

  // The app's open window hears of it (the bell fetches its count again).
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { e2eWorkerMessages: unknown[] }).e2eWorkerMessages = seen;
    navigator.serviceWorker.addEventListener('message', (event) => seen.push(event.data));
  });

  // A push as the server sends it: the notification shows its title, body and tag.
  const push: PushMessage = {
    title: 'Aisyah confirmed consent',
    body: 'Aisyah Rahman confirmed consent for Field Officer.',
    url: '/earning',
    tag: `notification-e2e-${Date.now()}`,
  };
  // The bell asks for its count again at once, not at its next minute.
  const bellRefetched = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/api/notifications/unread',
    {
      timeout: 15_000,
    },
  );
  await deliverPush(context, page, JSON.stringify(push));
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: push.title, body: push.body, tag: push.tag, url: push.url }]);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { e2eWorkerMessages: unknown[] }).e2eWorkerMessages))
    .toContainEqual({ type: 'notifications-changed' });
  await bellRefetched;

  // Its click (dispatched in the worker, as the browser would on a tap) brings the app to that screen.
  const [worker] = context.serviceWorkers();
  expect(worker, 'the app service worker').toBeDefined();
  await worker?.evaluate(async (tag) => {
    // Worker globals, typed here by hand: this file is compiled with the page's DOM types.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag });
    if (!notification) throw new Error('no notification to click');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  }, push.tag);
  await expectPath(page, '/earning');
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  // A push the worker cannot read still shows a notification (iOS drops subscriptions whose pushes show
  // nothing): the app's name and a generic line in the device's language.
  await deliverPush(context, page, 'not json {');
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([{ title: 'Recruiter', body: message('en', 'push_fallback_body'), tag: '', url: '/notifications' }]);

  // Switched off: the server forgets the device.
  await page.goto('/account');
  await expect(pushSwitch).toBeChecked();
  await pushSwitch.click();
  await expect(pushSwitch).not.toBeChecked();
  await expect.poll(() => storedSubscriptions(subscription?.endpoint ?? '')).toEqual([]);
  expect(await pageSubscription(page)).toBeNull();
});

test('a subscription the browser renews replaces the old one on the server, so pushes keep coming', async ({
  page,
  context,
}) => {
  const old = await pushSwitchedOn(page, context);

  // The browser's pushsubscriptionchange (Firefox fires it on a key rotation; Chromium never does, so it
  // is dispatched in the worker here, with a renewed subscription as the push service would make one).
  const [worker] = context.serviceWorkers();
  expect(worker, 'the app service worker').toBeDefined();
  const renewed = await worker?.evaluate(
    async ([oldEndpoint, pushOrigin]) => {
      const b64url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const keys = {
        p256dh: b64url(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))),
        auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
      };
      const endpoint = `${pushOrigin}/push/e2e-renewed-${crypto.randomUUID()}`;
      // Worker globals, typed here by hand: this file is compiled with the page's DOM types.
      const scope = self as unknown as {
        dispatchEvent: (event: Event) => boolean;
        ExtendableEvent: new (type: string) => Event;
      };
      const change = new scope.ExtendableEvent('pushsubscriptionchange');
      Object.defineProperties(change, {
        oldSubscription: { value: { endpoint: oldEndpoint, options: { applicationServerKey: new ArrayBuffer(65) } } },
        newSubscription: {
          value: { endpoint, toJSON: () => ({ endpoint, expirationTime: null, keys }), unsubscribe: async () => true },
        },
      });
      scope.dispatchEvent(change);
      return { endpoint, ...keys };
    },
    [old?.endpoint ?? '', E2E_PUSH_ORIGIN] as const,
  );
  expect(renewed).toBeDefined();

  // The server now sends to the renewed subscription, and no longer to the old one.
  await expect.poll(() => storedSubscriptions(renewed?.endpoint ?? '')).toEqual([renewed]);
  await expect.poll(() => storedSubscriptions(old?.endpoint ?? '')).toEqual([]);
});

test('signing out removes this device’s subscription, so a shared phone stops receiving that user’s pushes', async ({
  page,
  context,
}) => {
  const subscription = await pushSwitchedOn(page, context);

  await page.goto('/logout');
  await expectPath(page, '/login');
  expect(storedSubscriptions(subscription?.endpoint ?? '')).toEqual([]);
  expect(await pageSubscription(page)).toBeNull();
});

test('an outbox entry the server refuses during Background Sync, app closed, is told by a notification that leads to the Outbox', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await waitForServiceWorkerControl(page);
  const { a: accessToken } = await cookieTokens(context);
  const userId = Number(JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()).sub);

  // The app is left (a page of the origin without the app's scripts, so only the worker sends), with a
  // call proof in the outbox that the server will refuse: it has no file.
  await page.goto('/api/health');
  const entryId = `e2e-${Date.now()}`;
  await page.evaluate(
    ({ id, owner }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('recruiter-outbox');
        open.onupgradeneeded = () => open.result.createObjectStore('entries');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const now = Date.now();
          const entry = {
            id,
            userId: owner,
            kind: 'call-proof',
            fields: { referralId: 1, note: 'Called from the lift' },
            meta: { talentName: 'Aisyah Outbox' },
            createdAt: now,
            state: 'waiting',
            attempts: 0,
            nextAttemptAt: now,
          };
          const put = db.transaction('entries', 'readwrite').objectStore('entries').put(entry, id);
          put.onsuccess = () => {
            db.close();
            resolve();
          };
          put.onerror = () => reject(put.error);
        };
      }),
    { id: entryId, owner: userId },
  );

  // The network is back: the browser wakes the worker for its sync (here through the DevTools protocol).
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: E2E_BASE_URL,
    registrationId: await workerRegistration(cdp),
    tag: 'recruiter-outbox',
    lastChance: false,
  });
  await cdp.detach();

  await expect
    .poll(() => shownNotifications(page), { timeout: 15_000 })
    .toEqual([
      {
        title: message('en', 'push_outbox_refused_title').replace('{what}', message('en', 'outbox_kind_call_proof')),
        body: message('en', 'push_outbox_refused_body_named').replace('{name}', 'Aisyah Outbox'),
        tag: `outbox-${entryId}`,
        url: '/outbox',
      },
    ]);
});
