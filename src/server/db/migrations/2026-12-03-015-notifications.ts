import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Issue 25: notifications.
// - `notification_events`: one row per change that all recruiters or all admins must hear of, written in the
//   change's transaction (the outbox pattern the e-mails use). The worker fans it out to its audience a slice at a time;
//   `fanout_cursor` (the last recipient's user id) moves in the same transaction as the slice's rows, so a
//   process killed mid fan-out neither loses nor repeats a recipient.
// - `notifications`: a user's in-app items. An event to one user is delivered in the change's transaction
//   itself (no event row); a broadcast's items carry its event_id, UNIQUE (event_id, user_id).
// - `push_subscriptions`: one row per device (endpoint), replaced when the device subscribes again, tied to
//   the session it was made in.
// - `push_outbox`: one push per device per item, sent and retried like the e-mails.
// - `users.notification_prefs`: the user's choices (JSON; null = the defaults in src/shared/notifications.ts).
// - `promos.announced_at`: when recruiters were told of a promo (at its start, which may be after its creation).
// `talent_id` on events, items and pushes: erasing a talent deletes what names them (issue 24).
// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was, not today's types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema.alterTable('users').addColumn('notification_prefs', 'text').execute();
  await db.schema.alterTable('promos').addColumn('announced_at', 'text').execute();
  // Promos that exist already were on the board before notifications: not news, never announced.
  await db
    .updateTable('promos')
    .set({ announced_at: sql.ref('created_at') })
    .execute();

  await db.schema
    .createTable('notification_events')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull()) // RECRUITERS | ADMINS
    .addColumn('talent_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON NotificationPayload
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()) // PENDING | DONE
    .addColumn('fanout_cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute();
  await db.schema.createIndex('notification_events_due').on('notification_events').columns(['status', 'id']).execute();
  await db.schema.createIndex('notification_events_talent').on('notification_events').column('talent_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer') // the broadcast it came from; null when delivered with its change
    .addColumn('talent_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('notifications_event_user', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_user_unread')
    .on('notifications')
    .columns(['user_id', 'read_at', 'id'])
    .execute();
  await db.schema.createIndex('notifications_talent').on('notifications').column('talent_id').execute();
  await db.schema.createIndex('notifications_created').on('notifications').column('created_at').execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The session it was made in: a device signed out (or its session ended from another device) gets
    // no more pushes naming candidates, until someone signs in on it again.
    .addColumn('session_id', 'integer', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_success_at', 'text')
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
    .addColumn('talent_id', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON PushMessage; emptied once sent or given up
    .addColumn('status', 'text', (c) => c.notNull()) // PENDING | SENDING | SENT | FAILED
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('push_outbox_due')
    .on('push_outbox')
    .columns(['status', 'next_attempt_at', 'id'])
    .execute();
  await db.schema.createIndex('push_outbox_talent').on('push_outbox').column('talent_id').execute();
  await db.schema.createIndex('push_outbox_subscription').on('push_outbox').column('subscription_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_outbox').ifExists().execute();
  await db.schema.dropTable('push_subscriptions').ifExists().execute();
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('notification_events').ifExists().execute();
  await db.schema.alterTable('promos').dropColumn('announced_at').execute();
  await db.schema.alterTable('users').dropColumn('notification_prefs').execute();
}
