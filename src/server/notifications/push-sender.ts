import type { Agent } from 'node:https';
import webPush, { WebPushError } from 'web-push';
import type { VapidDetails } from './vapid';

// One push to one device, encrypted for it (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292).
// The outcome says what the outbox does next.
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'refused'; error: string }
  | { kind: 'retry'; error: string };

export type PushDevice = { endpoint: string; p256dh: string; auth: string };

export type PushSender = (device: PushDevice, payload: string, options: { topic: string }) => Promise<PushOutcome>;

/** `agent`: the tests' receiving endpoint uses its own certificate. */
export function webPushSender(vapid: VapidDetails, options: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  return async (device, payload, { topic }) => {
    try {
      await webPush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: vapid,
          // A day: a phone off for longer gets the in-app centre, not a stale push.
          TTL: 24 * 60 * 60,
          urgency: 'normal',
          // A push retried after a lost answer replaces the first one at the push service if it is still there.
          topic,
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? 15_000,
          ...(options.agent ? { agent: options.agent } : {}),
        },
      );
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof WebPushError) {
        // 404/410: the browser unsubscribed or the subscription expired: the device is gone for good.
        if (error.statusCode === 404 || error.statusCode === 410) return { kind: 'gone' };
        // 400/403/413: this message can never be accepted (bad keys, wrong VAPID key, too large).
        if ([400, 401, 403, 413].includes(error.statusCode))
          return { kind: 'refused', error: `HTTP ${error.statusCode}: ${error.body}`.slice(0, 500) };
        return { kind: 'retry', error: `HTTP ${error.statusCode}: ${error.body}`.slice(0, 500) };
      }
      return { kind: 'retry', error: (error instanceof Error ? error.message : String(error)).slice(0, 500) };
    }
  };
}
