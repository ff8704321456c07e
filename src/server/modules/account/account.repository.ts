import type { DB } from '#src/server/db/connect.ts';
import type { UserUpdate } from '#src/server/db/database.ts';

// Every query here is keyed by the signed-in user's id (c.get('user').id): no call takes another user's id.

export const findAccount = (db: DB, userId: number) =>
  db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();

export const updateAccount = (db: DB, userId: number, values: UserUpdate) =>
  db.updateTable('users').set(values).where('id', '=', userId).execute();

/** Ends every live session of the user except `keepSessionId`; answers how many ended. */
export async function revokeOtherSessions(
  db: DB,
  userId: number,
  keepSessionId: number,
  reason: string,
  now: string,
): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
