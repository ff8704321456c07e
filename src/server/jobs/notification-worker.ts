import { createHash } from 'node:crypto';
import type { AppDeps } from '#src/server/context.ts';
import { claimEvents, fanOutEvent } from '#src/server/notifications/fan-out.ts';
import { type PushSender, webPushSender } from '#src/server/notifications/push-sender.ts';
import { vapidDetails } from '#src/server/notifications/vapid.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { jobFailures } from '#src/server/observability/metrics.ts';
import { retryDelayMs } from './mail-worker';
import { claimDueRows } from './outbox-claim';
import { startPassLoop } from './pass-loop';

// Issue 25: the notification worker. Two loops, both safe with several instances:
// - fan-out: broadcasts (a critical task, a promo, an item waiting for admins) to every recipient, a slice
//   per transaction (notifications/fan-out.ts);
// - push: each push_outbox row sent to its device with web-push, claimed with a lease like the e-mails,
//   retried with the e-mails' back-off, the device forgotten when its push service answers 404 or 410.
export const PUSH_MAX_ATTEMPTS = 8;
export const PUSH_LEASE_MS = 2 * 60_000;

export type NotificationWorker = { stop(): Promise<void>; runOnce(): Promise<number>; pushOnce(): Promise<number> };

export function startNotificationWorker(
  deps: AppDeps,
  options: { intervalMs?: number; sender?: PushSender; batchSize?: number } = {},
): NotificationWorker {
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = options.batchSize ?? 50;
  const sender = options.sender ?? webPushSender(vapidDetails(deps.env), { hosts: deps.env.PUSH_ENDPOINT_HOSTS });
  const fanOut = startPassLoop(() => fanOutDueEvents(deps, { batchSize: 5 }), {
    intervalMs,
    batchSize: 5,
    onError: (error) => {
      jobFailures.labels('notification_fanout_pass').inc();
      logger.error({ area: 'notifications', error: loggedError(error) }, 'fan-out pass failed');
    },
  });
  const push = startPassLoop(() => sendDuePushes(deps, sender, { batchSize }), {
    intervalMs,
    batchSize,
    onError: (error) => {
      jobFailures.labels('push_pass').inc();
      logger.error({ area: 'notifications', error: loggedError(error) }, 'push pass failed');
    },
  });
  return {
    runOnce: fanOut.runOnce,
    pushOnce: push.runOnce,
    async stop() {
      await Promise.all([fanOut.stop(), push.stop()]);
    },
  };
}

/** One fan-out pass: the due broadcasts, each to its whole audience. Resolves to how many events. */
export async function fanOutDueEvents(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  options: { batchSize?: number; slice?: number } = {},
): Promise<number> {
  const events = await claimEvents(deps, options.batchSize ?? 5);
  for (const event of events) await fanOutEvent(deps, event, options.slice);
  return events.length;
}

type ClaimedPush = {
  id: number;
  subscription_id: number;
  payload: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

async function claimDuePushes(deps: Pick<AppDeps, 'db' | 'now'>, batchSize: number): Promise<ClaimedPush[]> {
  const ids = await claimDueRows(deps.db, 'push_outbox', { now: deps.now(), leaseMs: PUSH_LEASE_MS, batchSize });
  if (ids.length === 0) return [];
  return deps.db
    .selectFrom('push_outbox')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
    .select([
      'push_outbox.id',
      'push_outbox.subscription_id',
      'push_outbox.payload',
      'push_outbox.attempts',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
    ])
    .where('push_outbox.id', 'in', ids)
    .orderBy('push_outbox.id')
    .execute();
}

/** One push pass. Resolves to how many pushes it handled (sent or not). */
export async function sendDuePushes(
  deps: Pick<AppDeps, 'db' | 'now'>,
  sender: PushSender,
  options: { batchSize?: number } = {},
): Promise<number> {
  const rows = await claimDuePushes(deps, options.batchSize ?? 50);
  for (const row of rows) await sendOne(deps, sender, row);
  return rows.length;
}

async function sendOne(deps: Pick<AppDeps, 'db' | 'now'>, sender: PushSender, row: ClaimedPush): Promise<void> {
  const { db } = deps;
  const tag = (JSON.parse(row.payload) as { tag?: string }).tag ?? String(row.id);
  // The Topic header: at most 32 characters of base64url.
  const topic = createHash('sha256').update(tag).digest('base64url').slice(0, 32);
  const outcome = await sender(row, row.payload, { topic });
  const at = deps.now().toISOString();
  switch (outcome.kind) {
    case 'sent':
      await db
        .updateTable('push_outbox')
        .set({
          status: 'SENT',
          attempts: row.attempts + 1,
          sent_at: at,
          locked_until: null,
          last_error: null,
          payload: '{}',
        })
        .where('id', '=', row.id)
        .execute();
      await db
        .updateTable('push_subscriptions')
        .set({ last_success_at: at })
        .where('id', '=', row.subscription_id)
        .execute();
      return;
    case 'gone':
      // The device unsubscribed or its subscription expired: forget it, and (cascade) what waits for it.
      await db.deleteFrom('push_subscriptions').where('id', '=', row.subscription_id).execute();
      return;
    default: {
      const attempts = row.attempts + 1;
      const failed = outcome.kind === 'refused' || attempts >= PUSH_MAX_ATTEMPTS;
      await db
        .updateTable('push_outbox')
        .set({
          status: failed ? 'FAILED' : 'PENDING',
          attempts,
          locked_until: null,
          last_error: outcome.error,
          ...(failed
            ? { payload: '{}' }
            : { next_attempt_at: new Date(deps.now().getTime() + retryDelayMs(attempts)).toISOString() }),
        })
        .where('id', '=', row.id)
        .execute();
      // The error is the push service's answer: no name, no text of the notification.
      jobFailures.labels('push').inc();
      logger.warn(
        {
          area: 'push',
          outboxId: row.id,
          attempt: attempts,
          maxAttempts: PUSH_MAX_ATTEMPTS,
          gaveUp: failed,
          error: outcome.error.slice(0, 200),
        },
        'push failed',
      );
    }
  }
}
