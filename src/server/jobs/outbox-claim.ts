import type { ExpressionBuilder } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';

// The claim both outboxes' workers make (mail-worker.ts, notification-worker.ts): a row is taken (status
// SENDING with a lease) before it is sent, and a lease that runs out (a crashed instance) makes it
// claimable again. Safe with several instances: FOR UPDATE SKIP LOCKED on PostgreSQL, a conditional UPDATE
// per row on SQLite (one process).

type OutboxTable = 'email_outbox' | 'push_outbox';

/** Claims the oldest due rows (PENDING and due, or SENDING past its lease); resolves to their ids, in order. */
export async function claimDueRows(
  db: DB,
  table: OutboxTable,
  options: { now: Date; leaseMs: number; batchSize: number },
): Promise<number[]> {
  // The two tables share every column used here; the builder is typed with one of them.
  const name = table as 'email_outbox';
  const at = options.now.toISOString();
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const due = (eb: ExpressionBuilder<Database, 'email_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'PENDING'), eb('next_attempt_at', '<=', at)]),
      eb.and([eb('status', '=', 'SENDING'), eb('locked_until', '<', at)]),
    ]);
  const dueIds = (q: DB) =>
    q.selectFrom(name).select('id').where(due).orderBy('next_attempt_at').orderBy('id').limit(options.batchSize);

  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      const ids = (await dueIds(trx).forUpdate().skipLocked().execute()).map((r) => r.id);
      if (ids.length > 0)
        await trx
          .updateTable(name)
          .set({ status: 'SENDING', locked_until: leaseUntil })
          .where('id', 'in', ids)
          .execute();
      return ids;
    });
  }
  const claimed: number[] = [];
  for (const { id } of await dueIds(db).execute()) {
    const row = await db
      .updateTable(name)
      .set({ status: 'SENDING', locked_until: leaseUntil })
      .where('id', '=', id)
      .where(due)
      .executeTakeFirst();
    if (Number(row.numUpdatedRows) === 1) claimed.push(id);
  }
  return claimed;
}
