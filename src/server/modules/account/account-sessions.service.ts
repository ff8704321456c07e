import type { AppDeps, AuthContextUser } from '#src/server/context.ts';
import { notFound } from '#src/server/errors.ts';
import { endOwnSession, endUserSessions, listLiveSessions } from '#src/server/modules/auth/session.repository.ts';
import type { AccountSession, SessionsEnded } from '#src/shared/account-types.ts';
import { deviceOf, maskedNetwork } from './session-device';

// "Your sessions" on the account page (issue 22 finding 14): the caller's own live sessions only.

export async function listSessions(deps: AppDeps, user: AuthContextUser): Promise<AccountSession[]> {
  const now = deps.now();
  const rows = await listLiveSessions(deps.db, user.id, now);
  const sessions = rows.map((row) => {
    const current = row.id === user.sessionId;
    return {
      id: row.id,
      ...deviceOf(row.user_agent),
      network: maskedNetwork(row.ip),
      signedInAt: row.created_at,
      // This device is active now: it is asking. The others as their last call left them (to 5 minutes).
      lastActiveAt: current ? now.toISOString() : row.last_used_at,
      current,
    };
  });
  // The most recently active first, as the list says (this one, then the others by their last use).
  return sessions.sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends one of the caller's live sessions; another user's, or one already ended, is a 404. */
export async function endSession(deps: AppDeps, user: AuthContextUser, sessionId: number): Promise<SessionsEnded> {
  if (!(await endOwnSession(deps.db, user.id, sessionId, 'USER_ENDED', deps.now()))) throw notFound('Session');
  return { endedSessions: 1 };
}

/** "Sign out of all other devices": every session of the caller but this one. */
export async function signOutOthers(deps: AppDeps, user: AuthContextUser): Promise<SessionsEnded> {
  const endedSessions = await endUserSessions(deps.db, {
    userId: user.id,
    keepSessionId: user.sessionId,
    reason: 'SIGNED_OUT_ELSEWHERE',
    now: deps.now(),
  });
  return { endedSessions };
}
