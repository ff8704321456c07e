import type { DB } from '../../db/connect';
import { preparedFirst } from '../../db/prepared-query';

/** The session a token names and its user, for the check on every authenticated call (prepared once). */
export const findSessionUser = preparedFirst((db: DB, sessionId: number, userId: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.email', 'users.roles', 'users.status', 'sessions.revoked_at', 'sessions.expires_at'])
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
