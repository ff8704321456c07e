import type { DB } from '#src/server/db/connect.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';

// Issue 25: a change every recruiter or every admin must hear of (a new critical task, a promo, a call
// proof to review) writes one event, in the change's own transaction (pass the transaction as `db`): the
// event exists exactly when the change does, and the request does not wait for thousands of recipients.
// jobs/notification-worker.ts fans it out. (A change one user must hear of is delivered at once: deliver.ts.)

export type Broadcast = {
  audience: 'RECRUITERS' | 'ADMINS';
  kind: NotificationKind;
  payload: NotificationPayload;
  /** The screen it is about, without the language prefix. */
  path: string;
  /** The talent it names: erasing the talent deletes the event and what came of it (issue 24). */
  talentId?: number | null;
};

export async function recordBroadcast(db: DB, now: Date, event: Broadcast): Promise<void> {
  await db
    .insertInto('notification_events')
    .values({
      kind: event.kind,
      audience: event.audience,
      talent_id: event.talentId ?? null,
      payload: JSON.stringify(event.payload),
      path: event.path,
      status: 'PENDING',
      locked_until: null,
      created_at: now.toISOString(),
      done_at: null,
    })
    .execute();
}
