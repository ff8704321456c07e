import type { AppDeps } from '#src/server/context.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { readEmailPreferencesToken } from '#src/server/notifications/email-preferences-token.ts';
import { readPreferences, topicsForRoles } from '#src/server/notifications/preferences.ts';
import { pushEndpoint } from '#src/server/notifications/push-endpoint.ts';
import { vapidDetails } from '#src/server/notifications/vapid.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import {
  ADMIN_TOPICS,
  type EmailTopic,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationPayload,
  type NotificationPreferences,
  type NotificationTopic,
} from '#src/shared/notifications.ts';

// `/api/notifications` (issue 25): the caller's own items, choices and devices. No call takes a user id.

const PAGE = 30;

async function unreadCount(deps: AppDeps, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listNotifications(
  deps: AppDeps,
  userId: number,
  query: { before?: number; limit?: number },
): Promise<NotificationPage> {
  const limit = query.limit ?? PAGE;
  let q = deps.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'payload', 'path', 'created_at', 'read_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (query.before !== undefined) q = q.where('id', '<', query.before);
  const [rows, unread] = await Promise.all([q.execute(), unreadCount(deps, userId)]);
  const items = rows.slice(0, limit).map(
    (row): NotificationItem => ({
      id: row.id,
      kind: row.kind as NotificationKind,
      payload: JSON.parse(row.payload) as NotificationPayload,
      path: row.path,
      createdAt: row.created_at,
      readAt: row.read_at,
    }),
  );
  return { items, unread, nextBefore: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

export async function unread(deps: AppDeps, userId: number): Promise<{ unread: number }> {
  return { unread: await unreadCount(deps, userId) };
}

/** Marks one of the caller's items read (again: no change); another user's item is 404. */
export async function markRead(deps: AppDeps, userId: number, id: number): Promise<{ unread: number }> {
  const item = await deps.db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!item) throw notFound('Notification');
  if (!item.read_at)
    await deps.db
      .updateTable('notifications')
      .set({ read_at: deps.now().toISOString() })
      .where('id', '=', id)
      .execute();
  return unread(deps, userId);
}

export async function markAllRead(deps: AppDeps, userId: number): Promise<{ unread: number }> {
  await deps.db
    .updateTable('notifications')
    .set({ read_at: deps.now().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  return { unread: 0 };
}

type PreferencesAnswer = { preferences: NotificationPreferences; topics: NotificationTopic[] };

async function userRow(deps: AppDeps, userId: number) {
  const row = await deps.db
    .selectFrom('users')
    .select(['roles', 'notification_prefs', 'locale'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('User');
  return { ...row, roles: JSON.parse(row.roles) as string[] };
}

export async function getPreferences(deps: AppDeps, userId: number): Promise<PreferencesAnswer> {
  const user = await userRow(deps, userId);
  return { preferences: readPreferences(user.notification_prefs, user.roles), topics: topicsForRoles(user.roles) };
}

/** Saves the caller's choices; a topic of another role is refused, so nothing saved is silently dropped. */
export async function savePreferences(
  deps: AppDeps,
  userId: number,
  input: NotificationPreferences,
): Promise<PreferencesAnswer> {
  const user = await userRow(deps, userId);
  const mine = topicsForRoles(user.roles);
  const foreign = Object.keys(input.topics).filter((t) => !mine.includes(t as NotificationTopic));
  if (foreign.length > 0)
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', {
      topics: `not a topic of your role: ${foreign.join(', ')}`,
    });
  const merged = readPreferences(user.notification_prefs, user.roles);
  const next: NotificationPreferences = {
    topics: { ...merged.topics, ...input.topics },
    adminDelivery: input.adminDelivery,
  };
  await deps.db
    .updateTable('users')
    .set({ notification_prefs: JSON.stringify(next) })
    .where('id', '=', userId)
    .execute();
  return getPreferences(deps, userId);
}

export function pushKey(deps: AppDeps): { publicKey: string } {
  return { publicKey: vapidDetails(deps.env).publicKey };
}

/**
 * This device takes pushes for the caller while this session lasts. One row per endpoint, stored as
 * `pushEndpoint` read it (the form the sender dials). The caller's own device subscribing again (a new
 * key, a new sign-in) replaces its row. An endpoint held by another account stays theirs until they
 * remove it or its push service says it is gone: 409, and nothing changes. Otherwise whoever learnt
 * someone's endpoint could take their pushes away, or send their own notifications to that phone. On a
 * shared phone the app drops the browser's subscription at sign-out (src/lib/push.ts), so the next person
 * gets an endpoint of their own.
 */
export async function saveSubscription(
  deps: AppDeps,
  { id: userId, sessionId }: { id: number; sessionId: number },
  input: { endpoint: string; keys: { p256dh: string; auth: string } },
  userAgent: string | null,
): Promise<{ subscribed: true }> {
  const endpoint = pushEndpoint(input.endpoint, deps.env.PUSH_ENDPOINT_HOSTS);
  if (!endpoint)
    throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', {
      endpoint: 'not a known push service',
    });
  const at = deps.now().toISOString();
  const saved = await deps.db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      session_id: sessionId,
      endpoint: endpoint.href,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      user_agent: userAgent,
      created_at: at,
      last_success_at: null,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({
          session_id: sessionId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          user_agent: userAgent,
          created_at: at,
          last_success_at: null,
        })
        .where('push_subscriptions.user_id', '=', userId),
    )
    .returning('id')
    .executeTakeFirst();
  if (!saved)
    throw new AppError('CONFLICT', 409, 'This device receives notifications for another account.', {
      endpoint: 'push_device_taken',
    });
  return { subscribed: true };
}

/** Only the caller's own device row goes; an endpoint of someone else's is left alone (and not revealed). */
export async function removeSubscription(
  deps: AppDeps,
  userId: number,
  endpoint: string,
): Promise<{ subscribed: false }> {
  // Stored in the form pushEndpoint gives; a browser's endpoint is already in it.
  const stored = pushEndpoint(endpoint, deps.env.PUSH_ENDPOINT_HOSTS)?.href ?? endpoint;
  await deps.db.deleteFrom('push_subscriptions').where('endpoint', '=', stored).where('user_id', '=', userId).execute();
  return { subscribed: false };
}

const invalidLink = () =>
  new AppError('INVALID_TOKEN', 400, 'This link is not valid. Sign in to choose your notifications.');

async function tokenUser(deps: AppDeps, token: string) {
  const claim = readEmailPreferencesToken(deps.env.JWT_SECRET, token);
  if (!claim) throw invalidLink();
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'roles', 'notification_prefs', 'locale'])
    .where('id', '=', claim.userId)
    .executeTakeFirst();
  const roles = user ? (JSON.parse(user.roles) as string[]) : [];
  const topics = topicsForRoles(roles);
  const mine = claim.topic === 'admin_digest' ? roles.includes('ROLE_ADMIN') : topics.includes(claim.topic);
  if (!user || !mine) throw invalidLink();
  return { user, roles, topic: claim.topic };
}

/** The topics whose e-mails a link's topic covers: its own, or every admin topic for the digest. */
const coveredTopics = (topic: EmailTopic): NotificationTopic[] =>
  topic === 'admin_digest' ? [...ADMIN_TOPICS] : [topic];

/** The one-click link's page: which e-mails it is about and whether they are on. */
export async function emailPreferenceOfLink(deps: AppDeps, token: string) {
  const { user, roles, topic } = await tokenUser(deps, token);
  const prefs = readPreferences(user.notification_prefs, roles);
  const email = coveredTopics(topic).some((t) => prefs.topics[t]?.email);
  return { topic, email, locale: toAppLocale(user.locale) };
}

/** The one click: no more e-mails of this topic (the digest: of any admin topic). Other channels stay. */
export async function unsubscribeByLink(deps: AppDeps, token: string) {
  const { user, roles, topic } = await tokenUser(deps, token);
  const prefs = readPreferences(user.notification_prefs, roles);
  for (const covered of coveredTopics(topic)) {
    const channels = prefs.topics[covered] ?? { inApp: true, push: true, email: false };
    prefs.topics[covered] = { ...channels, email: false };
  }
  await deps.db
    .updateTable('users')
    .set({ notification_prefs: JSON.stringify(prefs) })
    .where('id', '=', user.id)
    .execute();
  return { topic, email: false as const };
}
