/// <reference lib="webworker" />
import { m } from '#src/paraglide/messages.js';
import { APP_NAME } from '#src/shared/constants.ts';
import { NOTIFICATIONS_CHANGED, type PushMessage } from '#src/shared/notifications.ts';
import { fetchSignedIn } from './sw-auth';
import { localizedPath, workerLocale } from './sw-locale';

declare const self: ServiceWorkerGlobalScope;

// Web Push (issue 25). Every push shows a notification, whatever it carries: iOS ends a subscription
// whose pushes show nothing, and Chrome shows its own "updated in the background" note instead. The
// server writes the title and body in the recipient's language; a push this worker cannot read gets a
// generic one in the device's language. A click opens the screen the notification is about.

const ICON = '/icons/icon-192.png';
// There is no monochrome glyph among the app's icons; Android draws the badge's shape in white, which
// for this icon is its rounded square.
const BADGE = '/icons/icon-192.png';
const SUBSCRIPTION_PATH = '/api/notifications/push/subscription';
const KEY_PATH = '/api/notifications/push/key';

type NotificationData = { url: string };
type SubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription: PushSubscription | null;
  newSubscription: PushSubscription | null;
};

/** The push's message, or null when it is missing, not JSON or not in PushMessage's shape. */
export function readPushMessage(data: PushMessageData | null): PushMessage | null {
  try {
    const parsed = data?.json() as Partial<PushMessage> | undefined;
    if (!parsed || typeof parsed.title !== 'string' || !parsed.title) return null;
    return {
      title: parsed.title,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      url: typeof parsed.url === 'string' ? parsed.url : '/',
      tag: typeof parsed.tag === 'string' ? parsed.tag : '',
    };
  } catch {
    return null;
  }
}

/** A path of this app, or null for anything that would lead elsewhere (another origin, javascript:). */
export function sameOriginPath(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? `${parsed.pathname}${parsed.search}${parsed.hash}` : null;
  } catch {
    return null;
  }
}

/** Shows one of the app's notifications: its icons, and where a click leads. */
export function showAppNotification(
  title: string,
  options: { body: string; tag?: string; url: string },
): Promise<void> {
  const data: NotificationData = { url: options.url };
  return self.registration.showNotification(title, {
    body: options.body,
    // No tag, no replacing: each unreadable push stays visible on its own.
    ...(options.tag ? { tag: options.tag } : {}),
    icon: ICON,
    badge: BADGE,
    data,
  });
}

async function receivePush(event: PushEvent): Promise<void> {
  const message = readPushMessage(event.data);
  if (message) {
    await showAppNotification(message.title, {
      body: message.body,
      tag: message.tag,
      url: sameOriginPath(message.url) ?? '/',
    });
  } else {
    const locale = await workerLocale();
    await showAppNotification(APP_NAME, {
      body: m.push_fallback_body({}, { locale }),
      url: localizedPath('/notifications', locale),
    });
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: NOTIFICATIONS_CHANGED });
}

// An open window of the app is reused (focused, then sent to the screen); else a new one opens there.
// focus() is allowed only during a real click, so it is tried on its own and may fail.
async function openFromNotification(notification: Notification): Promise<void> {
  const path = sameOriginPath((notification.data as Partial<NotificationData> | null)?.url) ?? '/';
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client =
    windows.find((candidate) => candidate.focused) ??
    windows.find((candidate) => candidate.visibilityState === 'visible') ??
    windows[0];
  if (client) {
    await client.focus().catch(() => undefined);
    // navigate() needs a window this worker controls; an uncontrolled one is left and a new one opened.
    const navigated = await client.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

// The browser renewed or dropped the subscription (Firefox does on key rotation; Chrome rarely): a new
// one with the same application server key replaces the old one on the server, so pushes keep coming.
async function renewSubscription(event: SubscriptionChangeEvent): Promise<void> {
  const old = event.oldSubscription;
  let key: BufferSource | null = old?.options.applicationServerKey ?? null;
  if (!key) {
    const answer = await fetchSignedIn(KEY_PATH);
    const body = answer?.ok ? ((await answer.json()) as { data?: { publicKey?: string } }) : null;
    if (!body?.data?.publicKey) return;
    key = base64UrlToBytes(body.data.publicKey);
  }
  const renewed =
    event.newSubscription ??
    (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const put = await fetchSignedIn(SUBSCRIPTION_PATH, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(renewed.toJSON()),
  });
  // Signed out meanwhile: nobody is to receive this device's pushes.
  if (!put) {
    await renewed.unsubscribe();
    return;
  }
  if (old && old.endpoint !== renewed.endpoint) {
    await fetchSignedIn(SUBSCRIPTION_PATH, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: old.endpoint }),
    }).catch(() => null);
  }
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    event.waitUntil(receivePush(event));
  });
  self.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openFromNotification(event.notification));
  });
  self.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChangeEvent;
    change.waitUntil(renewSubscription(change).catch(() => undefined));
  });
}
