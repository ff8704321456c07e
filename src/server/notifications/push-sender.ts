import { type Agent, request } from 'node:https';
import webPush, { type RequestDetails } from 'web-push';
import { pushEndpoint } from './push-endpoint';
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

/** What a push service may answer with that we keep (in `last_error`): its first bytes. */
const ANSWER_KEPT = 500;

/**
 * `hosts`: PUSH_ENDPOINT_HOSTS. `agent`: the tests' receiving endpoint uses its own certificate.
 * web-push encrypts and signs; the request itself goes to the host `pushEndpoint` read and checked, so
 * what is dialled is what was checked (web-push's own sending reads the URL with `url.parse` again).
 */
export function webPushSender(
  vapid: VapidDetails,
  options: { hosts: string; agent?: Agent; timeoutMs?: number },
): PushSender {
  return async (device, payload, { topic }) => {
    const endpoint = pushEndpoint(device.endpoint, options.hosts);
    // A row from before endpoints were read this strictly, or a host taken off the list: never posted to.
    if (!endpoint) return { kind: 'gone' };
    let details: RequestDetails;
    try {
      details = webPush.generateRequestDetails(
        { endpoint: endpoint.href, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
        {
          vapidDetails: vapid,
          // A day: a phone off for longer gets the in-app centre, not a stale push.
          TTL: 24 * 60 * 60,
          urgency: 'normal',
          // A push retried after a lost answer replaces the first one at the push service if it is still there.
          topic,
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Keys that do not make a valid encryption: this device can never be sent to.
      return { kind: 'refused', error: (error instanceof Error ? error.message : String(error)).slice(0, ANSWER_KEPT) };
    }
    return post(endpoint, details, options);
  };
}

function post(endpoint: URL, details: RequestDetails, options: { agent?: Agent; timeoutMs?: number }) {
  return new Promise<PushOutcome>((resolve) => {
    const req = request(
      {
        hostname: endpoint.hostname,
        port: endpoint.port || 443,
        path: `${endpoint.pathname}${endpoint.search}`,
        method: 'POST',
        headers: details.headers,
        timeout: options.timeoutMs ?? 15_000,
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (answer.length < ANSWER_KEPT) answer += chunk.slice(0, ANSWER_KEPT - answer.length);
        });
        res.on('end', () => resolve(outcomeOf(res.statusCode ?? 0, answer)));
        res.on('error', (error) => resolve({ kind: 'retry', error: error.message.slice(0, ANSWER_KEPT) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('Socket timeout')));
    req.on('error', (error) => resolve({ kind: 'retry', error: error.message.slice(0, ANSWER_KEPT) }));
    req.end(details.body ?? undefined);
  });
}

function outcomeOf(status: number, answer: string): PushOutcome {
  if (status >= 200 && status <= 299) return { kind: 'sent' };
  // 404/410: the browser unsubscribed or the subscription expired: the device is gone for good.
  if (status === 404 || status === 410) return { kind: 'gone' };
  const error = `HTTP ${status}: ${answer}`.slice(0, ANSWER_KEPT);
  // 400/401/403/413: this message can never be accepted (bad keys, wrong VAPID key, too large).
  if ([400, 401, 403, 413].includes(status)) return { kind: 'refused', error };
  return { kind: 'retry', error };
}
