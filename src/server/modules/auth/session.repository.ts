import type { ExpressionBuilder } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { preparedFirst } from '#src/server/db/prepared-query.ts';
import { REMEMBER_ME_IDLE_TTL_SECONDS, SESSION_IDLE_TTL_SECONDS } from '#src/shared/constants.ts';

/** The session a token names and its user, for the check on every authenticated call (prepared once). */
export const findSessionUser = preparedFirst((db: DB, sessionId: number, userId: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id',
      'users.email',
      'users.roles',
      'users.status',
      'sessions.revoked_at',
      'sessions.expires_at',
      'sessions.last_used_at',
      'sessions.remember_me',
    ])
    .where('sessions.id', '=', sessionId)
    .where('users.id', '=', userId),
);

export async function createSession(
  db: DB,
  values: { userId: number; rememberMe: boolean; expiresAt: string; now: string; userAgent: string | null; ip: string },
) {
  return db
    .insertInto('sessions')
    .values({
      user_id: values.userId,
      remember_me: values.rememberMe ? 1 : 0,
      created_at: values.now,
      expires_at: values.expiresAt,
      last_used_at: values.now,
      revoked_at: null,
      revoked_reason: null,
      user_agent: values.userAgent?.slice(0, 300) ?? null,
      ip: values.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export const insertRefreshToken = (db: DB, sessionId: number, tokenHash: string, now: string) =>
  db
    .insertInto('refresh_tokens')
    .values({ session_id: sessionId, token_hash: tokenHash, created_at: now, used_at: null })
    .execute();

export const findRefreshToken = (db: DB, tokenHash: string) =>
  db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.id as tokenId',
      'refresh_tokens.used_at as usedAt',
      'sessions.id as sessionId',
      'sessions.expires_at as expiresAt',
      'sessions.revoked_at as revokedAt',
      'sessions.remember_me as rememberMe',
      'sessions.last_used_at as lastUsedAt',
      'users.id as userId',
      'users.roles as roles',
      'users.status as status',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();

// Atomic: of two concurrent refreshes with the same token, exactly one marks it used.
export async function markRefreshTokenUsed(db: DB, tokenId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const touchSession = (db: DB, sessionId: number, now: string) =>
  db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', sessionId).execute();

export const revokeSession = (db: DB, sessionId: number, reason: string, now: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();

export const revokeUserSessions = (db: DB, userId: number, reason: string, now: string) =>
  db
    .updateTable('sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();

const isoBefore = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

/**
 * A session that still lets its holder in: not revoked, inside its absolute lifetime and used within
 * its idle limit (SESSION_IDLE_TTL_SECONDS, REMEMBER_ME_IDLE_TTL_SECONDS). Times are ISO strings in
 * UTC on both databases, so they compare as text.
 */
export const liveSession = (now: Date) => (eb: ExpressionBuilder<Database, 'sessions'>) =>
  eb.and([
    eb('sessions.revoked_at', 'is', null),
    eb('sessions.expires_at', '>', now.toISOString()),
    eb.or([
      eb.and([
        eb('sessions.remember_me', '=', 1),
        eb('sessions.last_used_at', '>=', isoBefore(now, REMEMBER_ME_IDLE_TTL_SECONDS)),
      ]),
      eb.and([
        eb('sessions.remember_me', '=', 0),
        eb('sessions.last_used_at', '>=', isoBefore(now, SESSION_IDLE_TTL_SECONDS)),
      ]),
    ]),
  ]);

/** The user's live sessions, the most recently used first. */
export const listLiveSessions = (db: DB, userId: number, now: Date) =>
  db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'user_agent', 'ip'])
    .where('user_id', '=', userId)
    .where(liveSession(now))
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

/**
 * Ends the user's sessions (all, or all but `keepSessionId`) and answers how many of them were live:
 * what the user would call "devices signed out". Sessions already dead by time are revoked too, so a
 * longer idle limit set later cannot bring them back.
 */
export async function endUserSessions(
  db: DB,
  values: { userId: number; keepSessionId?: number; reason: string; now: Date },
): Promise<number> {
  const { userId, keepSessionId, reason, now } = values;
  return db.transaction().execute(async (trx) => {
    let live = trx
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where(liveSession(now));
    if (keepSessionId !== undefined) live = live.where('id', '!=', keepSessionId);
    const { n } = await live.executeTakeFirstOrThrow();
    let revoke = trx
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString(), revoked_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepSessionId !== undefined) revoke = revoke.where('id', '!=', keepSessionId);
    await revoke.execute();
    return Number(n);
  });
}

/** Ends one live session of the user; false when the user has no such live session. */
export async function endOwnSession(db: DB, userId: number, sessionId: number, reason: string, now: Date) {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where(liveSession(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
