import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/server/context.ts';
import { AppError, forbidden, unauthorized } from '#src/server/errors.ts';
import { findSessionUser, revokeSession, touchSession } from '#src/server/modules/auth/session.repository.ts';
import { knownAccessToken, verifyAccessToken } from '#src/server/security/jwt.ts';
import { idleTtlSeconds } from '#src/shared/constants.ts';
import type { Role } from '#src/shared/enums.ts';
import { requestHeader } from './request-header';

const sessionEnded = () => new AppError('SESSION_EXPIRED', 401, 'Your session has ended. Please log in again.');

// How stale a session's last_used_at may be before a call brings it up to date: "Your sessions" shows it
// as when the device was last active (it moved only on a token refresh, so a device in use since signing
// in showed its sign-in time, issue 42.20); one write per session per interval at most.
const TOUCH_AFTER_MS = 5 * 60_000;

// Checks the bearer token, then the user and the session in the database on every call, so a
// deactivated user or a logged-out session stops working at once, not when the token expires.
async function authenticate(c: Context<AppEnv>): Promise<void> {
  const header = requestHeader(c, 'authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized();
  const { db, env, now } = c.get('deps');
  const at = now();
  const known = knownAccessToken(env.JWT_SECRET, token, at);
  const claims = known === undefined ? await verifyAccessToken(env.JWT_SECRET, token, at) : known;
  if (!claims) throw new AppError('TOKEN_EXPIRED', 401, 'Your session has expired. Please log in again.');
  const row = await findSessionUser(db, claims.sid, Number(claims.sub));
  // Compared as times, not as ISO strings: Date#toISOString cost ~0.8 µs a call (bench). A date that
  // does not parse (NaN) counts as expired.
  if (!row || row.revoked_at !== null || !(Date.parse(row.expires_at) > at.getTime())) throw sessionEnded();
  // The idle limit: refresh() and the touch below keep last_used_at current (an access token lives 15
  // minutes), so this only meets a session whose refresh was skipped; one write when it does.
  const lastUsed = Date.parse(row.last_used_at);
  if (!(lastUsed + idleTtlSeconds(row.remember_me === 1) * 1000 >= at.getTime())) {
    await revokeSession(db, claims.sid, 'IDLE', at.toISOString());
    throw sessionEnded();
  }
  if (at.getTime() - lastUsed >= TOUCH_AFTER_MS) await touchSession(db, claims.sid, at.toISOString());
  if (row.status !== 'ACTIVE') {
    throw new AppError('ACCOUNT_DEACTIVATED', 401, 'This account has been deactivated. Please contact the admin.');
  }
  c.set('user', { id: row.id, email: row.email, roles: JSON.parse(row.roles) as string[], sessionId: claims.sid });
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  await authenticate(c);
  await next();
});

// Area guards, installed once in app.ts on `/api/recruiter/*` and `/api/admin/*`, so no route of an
// area can be added without its role check. The auth calls live under /api/recruiter/auth for
// every role (seed section 7) and check what they need themselves.
// The user and the role are checked in one step: each step of Hono's chain is a closure and a promise
// more on every call of the area. Not async itself: a public path hands on next()'s promise as it is.
export const areaGuard = (role: Role, publicPrefix?: string) => {
  const guarded = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    await authenticate(c);
    if (!c.get('user').roles.includes(role)) throw forbidden();
    await next();
  };
  return createMiddleware<AppEnv>((c, next) =>
    publicPrefix && c.req.path.startsWith(publicPrefix) ? next() : guarded(c, next),
  );
};
