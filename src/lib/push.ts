import type * as v from 'valibot';
import type { pushSubscriptionSchema } from '#src/shared/notifications.ts';
import { api, unwrap } from './api-client';
import { AppError } from './app-error';
import { currentUserId, getAuthTokens } from './auth-session';
import { isIosDevice, isStandalone } from './pwa';
import { withTimeout } from './with-timeout';

// This device's Web Push subscription (issue 25): whether it can have one, and turning it on and off.
// The browser asks for permission only when the user turned push on themselves (subscribeThisDevice
// runs from a click), never on a page load. One subscription per device: the server keeps one row per
// push endpoint, and this device's endpoint is the one its service worker's push manager holds.

export type PushSupport = 'supported' | 'ios-needs-home-screen' | 'unsupported' | 'denied';

/** How long sign-out waits for the server to forget this device before going on without it. */
const SIGN_OUT_WAIT_MS = 3_000;
/**
 * Whose the device's subscription is. The browser's subscription (and its permission) outlives a
 * session; the server ties it to the session it was sent in. A sign-in by the same person sends it again
 * (renewThisDevice); anyone else finds push off here until they turn it on themselves.
 */
const OWNER_KEY = 'recruiter-push-owner';

function ownerIsCurrentUser(): boolean {
  try {
    const user = currentUserId();
    return user !== null && localStorage.getItem(OWNER_KEY) === String(user);
  } catch {
    return false;
  }
}

function setOwner(user: number | null): void {
  try {
    if (user === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, String(user));
  } catch {
    // No storage: the owner cannot be kept, and the next sign-in finds push off (the safe side).
  }
}

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  // iOS and iPadOS 16.4+ give push only to a web app opened from the Home Screen; in a Safari tab the
  // APIs are simply missing, so this is told before "unsupported".
  if (isIosDevice(navigator.userAgent, navigator.platform, navigator.maxTouchPoints) && !isStandalone()) {
    return 'ios-needs-home-screen';
  }
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || typeof Notification === 'undefined') {
    return 'unsupported';
  }
  // A browser may name PushManager and still give its service workers no push manager (issue 42.21).
  if (typeof ServiceWorkerRegistration !== 'undefined' && !('pushManager' in ServiceWorkerRegistration.prototype)) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'denied' : 'supported';
}

// The service worker's registration: it registers after the first load, so a click soon after waits for it.
async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (found) return found;
  const ready = await withTimeout(navigator.serviceWorker.ready, 10_000);
  if (!ready) throw new AppError('UNKNOWN_ERROR', 0, 'No service worker to receive pushes.');
  return ready;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const found = await navigator.serviceWorker?.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

const push = api.api.notifications.push;
type SubscriptionBody = v.InferInput<typeof pushSubscriptionSchema>;

/** True when this device has a push subscription of the signed-in user's (the switch shows "on"). */
export async function thisDeviceSubscribed(): Promise<boolean> {
  if (pushSupport() !== 'supported' || !ownerIsCurrentUser()) return false;
  try {
    return (await currentSubscription()) !== null;
  } catch {
    return false;
  }
}

/**
 * At a sign-in (and a signed-in start): the server gets this device's subscription again, so it follows
 * the session now in use (one ended elsewhere leaves it with none). A subscription left by someone else
 * (their session ended without a sign-out here) is dropped: this user never asked for it.
 */
export async function renewThisDevice(): Promise<void> {
  if (pushSupport() !== 'supported' || Notification.permission !== 'granted' || currentUserId() === null) return;
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  if (!ownerIsCurrentUser()) {
    await subscription.unsubscribe().catch(() => false);
    setOwner(null);
    return;
  }
  await unwrap(push.subscription.$put({ json: subscription.toJSON() as SubscriptionBody })).catch(() => undefined);
}

/**
 * The browser's own subscription. A refusal of the browser's (a DOMException: no push service here, or
 * one it cannot use) is not the connection's fault, and the switch must not say so (issue 42.21):
 * 'browser-refused', unless the device is offline. NotAllowedError is the user's or the site's setting.
 */
async function browserSubscription(
  reg: ServiceWorkerRegistration,
  key: Uint8Array<ArrayBuffer>,
): Promise<PushSubscription | 'not-allowed' | 'browser-refused'> {
  if (!reg.pushManager) return 'browser-refused';
  try {
    return await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (error) {
    if (!(error instanceof DOMException) || navigator.onLine === false) throw error;
    return error.name === 'NotAllowedError' ? 'not-allowed' : 'browser-refused';
  }
}

/**
 * Turns push on for this device: permission (asked here, so call it from the user's click), a
 * subscription with the server's key, stored on the server. 'not-allowed' when the user did not allow
 * notifications, 'browser-refused' when the browser would not subscribe; throws an AppError when the
 * subscription could not be stored (or made while offline).
 */
export async function subscribeThisDevice(): Promise<'subscribed' | 'not-allowed' | 'browser-refused'> {
  if (pushSupport() !== 'supported') return 'not-allowed';
  // First thing in the click: Safari lets only a user gesture ask, and an await before would lose it.
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'not-allowed';
  const [reg, { publicKey }] = await Promise.all([registration(), unwrap(push.key.$get())]);
  const key = base64UrlToBytes(publicKey);
  let subscription = (await reg.pushManager?.getSubscription()) ?? null;
  // A subscription made with another key (the server's VAPID keys changed) cannot be reused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false);
    subscription = null;
  }
  if (!subscription) {
    const made = await browserSubscription(reg, key);
    if (typeof made === 'string') return made;
    subscription = made;
  }
  try {
    await saveOnServer(subscription);
  } catch (error) {
    // The server does not have it: a subscription it cannot push to would only show "on" falsely.
    await subscription.unsubscribe().catch(() => false);
    // 409: the browser kept a subscription another account turned on here (its sign-out could not drop
    // it), and the server keeps that one for them. A new subscription has an endpoint of its own.
    if (!(error instanceof AppError && error.status === 409)) throw error;
    const made = await browserSubscription(reg, key);
    if (typeof made === 'string') return made;
    subscription = made;
    try {
      await saveOnServer(subscription);
    } catch (again) {
      await subscription.unsubscribe().catch(() => false);
      throw again;
    }
  }
  setOwner(currentUserId());
  return 'subscribed';
}

/**
 * Turns push off for this device: the server forgets the endpoint, then the browser drops the
 * subscription. Dropping it is what stops pushes for sure, so it happens even when the server could not
 * be told (a push to a dropped subscription is answered 410, and the server then removes it itself).
 */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await unwrap(push.subscription.$delete({ json: { endpoint: subscription.endpoint } })).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
  setOwner(null);
}

/**
 * Sign-out: this device stops receiving the signed-out user's pushes, and the sign-out is never held up
 * by it (a few seconds at most). A plain fetch with the token as it is, not the API client: a 401 there
 * would end the session itself and send the page away in the middle of the sign-out's clearing.
 */
export async function forgetThisDeviceOnSignOut(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  const accessToken = getAuthTokens()?.accessToken;
  if (accessToken) {
    const told = fetch(push.subscription.$url(), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    }).catch(() => undefined);
    await withTimeout(told, SIGN_OUT_WAIT_MS);
  }
  await subscription.unsubscribe().catch(() => false);
  setOwner(null);
}

// toJSON() types every part optional; the server's schema checks what really came.
const saveOnServer = (subscription: PushSubscription) =>
  unwrap(push.subscription.$put({ json: subscription.toJSON() as SubscriptionBody }));

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(existing: ArrayBuffer | null, key: Uint8Array): boolean {
  if (!existing) return false;
  const bytes = new Uint8Array(existing);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}
