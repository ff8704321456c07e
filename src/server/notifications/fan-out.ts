import type { AppDeps } from '#src/server/context.ts';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { NotificationEventRow } from '#src/server/db/database.ts';
import { hasRole } from '#src/server/modules/admin-recruiters/admin-recruiter.repository.ts';
import type { NotificationKind, NotificationPayload } from '#src/shared/notifications.ts';
import { deliver, RECIPIENT_COLUMNS } from './deliver';

// Issue 25: a broadcast (notification_events) delivered to its audience a slice of recipients at a time.
// Each slice is one transaction that writes the slice's items, pushes and e-mails AND moves the event's
// cursor from the value it read to the slice's last user id: a second instance, or this one after a
// crash, finds the cursor moved and the slice done, so no recipient is told twice or skipped.

export const FANOUT_SLICE = 500;
export const FANOUT_LEASE_MS = 2 * 60_000;

/** Claims events that are due (new, or whose instance's lease ran out). */
export async function claimEvents(
  deps: Pick<AppDeps, 'db' | 'now'>,
  batchSize: number,
): Promise<NotificationEventRow[]> {
  const { db } = deps;
  const now = deps.now();
  const at = now.toISOString();
  const leaseUntil = new Date(now.getTime() + FANOUT_LEASE_MS).toISOString();
  const dueIds = (q: DB) =>
    q
      .selectFrom('notification_events')
      .select('id')
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .orderBy('id')
      .limit(batchSize);
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const ids = await dueIds(trx).forUpdate().skipLocked().execute();
      if (ids.length === 0) return [];
      return trx
        .updateTable('notification_events')
        .set({ locked_until: leaseUntil })
        .where(
          'id',
          'in',
          ids.map((r) => r.id),
        )
        .returningAll()
        .execute();
    });
  }
  const claimed: NotificationEventRow[] = [];
  for (const { id } of await dueIds(db).execute()) {
    const row = await db
      .updateTable('notification_events')
      .set({ locked_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .returningAll()
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

/**
 * Delivers one slice of the event; resolves to how many recipients it covered, or null when another
 * instance moved the cursor first (this instance then leaves the event to it).
 */
export async function fanOutSlice(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  event: NotificationEventRow,
  cursor: number,
  slice = FANOUT_SLICE,
): Promise<{ covered: number; cursor: number; done: boolean } | null> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const recipients = await trx
      .selectFrom('users')
      .select(RECIPIENT_COLUMNS)
      .where('users.status', '=', 'ACTIVE')
      .where(hasRole(event.audience === 'ADMINS' ? 'ROLE_ADMIN' : 'ROLE_RECRUITER'))
      .where('users.id', '>', cursor)
      .orderBy('users.id')
      .limit(slice)
      .execute();
    const last = recipients.at(-1)?.id ?? cursor;
    const done = recipients.length < slice;
    const moved = await trx
      .updateTable('notification_events')
      .set(
        done
          ? { fanout_cursor: last, status: 'DONE', done_at: now.toISOString(), locked_until: null }
          : { fanout_cursor: last, locked_until: new Date(now.getTime() + FANOUT_LEASE_MS).toISOString() },
      )
      .where('id', '=', event.id)
      .where('fanout_cursor', '=', cursor)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return null;
    await deliver(trx, { env: deps.env, now }, recipients, {
      kind: event.kind as NotificationKind,
      payload: JSON.parse(event.payload) as NotificationPayload,
      path: event.path,
      talentId: event.talent_id,
      eventId: event.id,
    });
    return { covered: recipients.length, cursor: last, done };
  });
}

/** Delivers the event to its whole audience, slice after slice; resolves to how many recipients. */
export async function fanOutEvent(
  deps: Pick<AppDeps, 'db' | 'env' | 'now'>,
  event: NotificationEventRow,
  slice = FANOUT_SLICE,
): Promise<number> {
  let cursor = event.fanout_cursor;
  let covered = 0;
  for (;;) {
    const step = await fanOutSlice(deps, event, cursor, slice);
    if (!step) return covered;
    covered += step.covered;
    cursor = step.cursor;
    if (step.done) return covered;
  }
}
