import { randomUUID } from 'node:crypto';
import { notificationText } from '#src/lib/notification-text.ts';
import type { DB } from '#src/server/db/connect.ts';
import type { Env } from '#src/server/env.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { type EmailTemplate, enqueueEmail } from '#src/server/mail/outbox.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import {
  ADMIN_TOPICS,
  type NotificationChannels,
  type NotificationKind,
  type NotificationPayload,
  type PushMessage,
  topicOf,
} from '#src/shared/notifications.ts';
import { emailPreferencesToken } from './email-preferences-token';
import { channelsFor, readPreferences } from './preferences';

// Issue 25: one notification to one user, in the channels they chose: the in-app item, a push to each of
// their devices, an e-mail. Everything is written in the caller's transaction (rows in `notifications`,
// `push_outbox`, `email_outbox`); the workers send the pushes and e-mails with retries. Used by a change
// that concerns one user (in that change's own transaction) and by the fan-out of a broadcast.

export type Recipient = {
  id: number;
  email: string;
  full_name: string;
  locale: string;
  roles: string;
  notification_prefs: string | null;
};

export const RECIPIENT_COLUMNS = [
  'users.id',
  'users.email',
  'users.full_name',
  'users.locale',
  'users.roles',
  'users.notification_prefs',
] as const;

export type Notice = {
  kind: NotificationKind;
  payload: NotificationPayload;
  path: string;
  talentId?: number | null;
  /** The broadcast it comes from (notification_events.id), none for a notice delivered with its change. */
  eventId?: number | null;
  /**
   * The e-mail for this notice, when it has a template of its own (the ones the product sent before
   * issue 25, whose wording the seed and the tests keep); otherwise the `notification` template writes
   * the notice's own text. `link` (the screen) and `preferencesLink` are added here.
   */
  email?: { template: EmailTemplate; payload: Record<string, string | number | null>; to?: string };
};

export type DeliveryContext = { env: Pick<Env, 'APP_URL' | 'JWT_SECRET'>; now: Date };

/** A path in the recipient's language: `/ms/talents-folder/12/profile`. */
export function localizedPath(locale: string, path: string): string {
  const lang = toAppLocale(locale);
  return lang === 'en' ? path : `/${lang}${path}`;
}

/** The channels one notice goes through for one recipient, from their choices. */
export function channelsOf(
  recipient: Pick<Recipient, 'roles' | 'notification_prefs'>,
  kind: NotificationKind,
): NotificationChannels {
  const prefs = readPreferences(recipient.notification_prefs, JSON.parse(recipient.roles) as string[]);
  if (kind === 'ADMIN_DIGEST') {
    // The daily summary goes wherever any admin topic goes.
    const chosen = ADMIN_TOPICS.map((topic) => channelsFor(prefs, topic));
    return { inApp: true, push: chosen.some((c) => c.push), email: chosen.some((c) => c.email) };
  }
  const topic = topicOf(kind);
  if (!topic) return { inApp: false, push: false, email: false };
  const channels = channelsFor(prefs, topic);
  // An admin who asked for the daily digest gets waiting items in the app as they come, and pushes and
  // e-mails once a day (jobs/admin-digest.ts).
  if ((ADMIN_TOPICS as readonly string[]).includes(topic) && prefs.adminDelivery === 'DIGEST')
    return { ...channels, push: false, email: false };
  return channels;
}

export async function deliver(db: DB, ctx: DeliveryContext, recipients: Recipient[], notice: Notice): Promise<void> {
  if (recipients.length === 0) return;
  const at = ctx.now.toISOString();
  const plans = recipients.map((recipient) => ({ recipient, channels: channelsOf(recipient, notice.kind) }));

  const inApp = plans.filter((p) => p.channels.inApp);
  if (inApp.length > 0) {
    let insert = db.insertInto('notifications').values(
      inApp.map(({ recipient }) => ({
        user_id: recipient.id,
        event_id: notice.eventId ?? null,
        talent_id: notice.talentId ?? null,
        kind: notice.kind,
        payload: JSON.stringify(notice.payload),
        path: notice.path,
        created_at: at,
        read_at: null,
      })),
    );
    // A broadcast's slice delivered twice (never expected: the cursor moves with it) still makes one item.
    if (notice.eventId) insert = insert.onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing());
    await insert.execute();
  }

  const pushTo = plans.filter((p) => p.channels.push).map((p) => p.recipient);
  if (pushTo.length > 0) {
    // Only devices still signed in: a session signed out or ended elsewhere takes its device's pushes along.
    const devices = await db
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
      .select(['push_subscriptions.id', 'push_subscriptions.user_id'])
      .where(
        'push_subscriptions.user_id',
        'in',
        pushTo.map((r) => r.id),
      )
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', at)
      .execute();
    if (devices.length > 0) {
      const byUser = new Map(pushTo.map((r) => [r.id, r]));
      // One tag per notice, the same on every device and every retry: a repeated push replaces, not adds.
      const tag = notice.eventId ? `e${notice.eventId}` : `n${randomUUID()}`;
      const messages = new Map<number, string>();
      const messageFor = (recipient: Recipient) => {
        let message = messages.get(recipient.id);
        if (!message) {
          const text = notificationText(notice.kind, notice.payload, toAppLocale(recipient.locale));
          const push: PushMessage = {
            title: text.title,
            body: text.body,
            url: localizedPath(recipient.locale, notice.path),
            tag,
          };
          message = JSON.stringify(push);
          messages.set(recipient.id, message);
        }
        return message;
      };
      await db
        .insertInto('push_outbox')
        .values(
          devices.map((device) => ({
            subscription_id: device.id,
            talent_id: notice.talentId ?? null,
            payload: messageFor(byUser.get(device.user_id) as Recipient),
            status: 'PENDING' as const,
            attempts: 0,
            next_attempt_at: at,
            locked_until: null,
            last_error: null,
            created_at: at,
            sent_at: null,
          })),
        )
        .execute();
    }
  }

  for (const { recipient, channels } of plans) {
    if (!channels.email) continue;
    const locale = toAppLocale(recipient.locale);
    const topic = notice.kind === 'ADMIN_DIGEST' ? 'admin_digest' : (topicOf(notice.kind) ?? 'admin_digest');
    const preferencesLink = appLink(
      ctx.env.APP_URL,
      locale,
      `/notifications/unsubscribe?token=${emailPreferencesToken(ctx.env.JWT_SECRET, recipient.id, topic)}`,
    );
    const link = appLink(ctx.env.APP_URL, locale, notice.path);
    const email = notice.email ?? {
      template: 'notification' as const,
      payload: { name: recipient.full_name, kind: notice.kind, notice: JSON.stringify(notice.payload) },
    };
    await enqueueEmail(
      db,
      {
        to: email.to ?? recipient.email,
        locale,
        template: email.template,
        talentId: notice.talentId ?? undefined,
        payload: { link, ...email.payload, preferencesLink },
      },
      ctx.now,
    );
  }
}

/**
 * One user, read for a delivery. A deactivated recruiter is still told of their own referrals and money
 * (a payment made after they left is theirs to know of), as the e-mails were before issue 25.
 */
export async function loadRecipient(db: DB, userId: number): Promise<Recipient | undefined> {
  return db.selectFrom('users').select(RECIPIENT_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

/** A notice to one user, in the caller's transaction. */
export async function notifyUser(db: DB, ctx: DeliveryContext, userId: number, notice: Notice): Promise<void> {
  const recipient = await loadRecipient(db, userId);
  if (recipient) await deliver(db, ctx, [recipient], notice);
}
