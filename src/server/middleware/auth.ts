import type { Context, Next } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Role } from '../../shared/enums';
import type { AppEnv } from '../context';
import { AppError, forbidden, unauthorized } from '../errors';
import { findSessionUser } from '../modules/auth/session.repository';
import { verifyAccessToken } from '../security/jwt';

// Checks the bearer token, then the user and the session in the database on every call, so a
// deactivated user or a logged-out session stops working at once, not when the token expires.
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw unauthorized();
  const { db, env, now } = c.get('deps');
  const at = now();
  const claims = await verifyAccessToken(env.JWT_SECRET, token, at);
  if (!claims) throw new AppError('TOKEN_EXPIRED', 401, 'Your session has expired. Please log in again.');
  const row = await findSessionUser(db, claims.sid, Number(claims.sub));
  if (!row || row.revoked_at !== null || row.expires_at <= at.toISOString()) {
    throw new AppError('SESSION_EXPIRED', 401, 'Your session has ended. Please log in again.');
  }
  if (row.status !== 'ACTIVE') {
    throw new AppError('ACCOUNT_DEACTIVATED', 401, 'This account has been deactivated. Please contact the admin.');
  }
  c.set('user', { id: row.id, email: row.email, roles: JSON.parse(row.roles) as string[], sessionId: claims.sid });
  await next();
});

export const requireRole = (role: Role) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.get('user').roles.includes(role)) throw forbidden();
    await next();
  });

// Area guards, installed once in app.ts on `/api/recruiter/*` and `/api/admin/*`, so no route of an
// area can be added without its role check. The auth calls live under /api/recruiter/auth for
// every role (seed section 7) and check what they need themselves.
// Not async itself: a public path hands on next()'s promise as it is, without one of its own.
export const areaGuard = (role: Role, publicPrefix?: string) => {
  const roleCheck = requireRole(role);
  const guarded = async (c: Context<AppEnv>, next: Next) => {
    await requireUser(c, async () => {
      await roleCheck(c, next);
    });
  };
  return createMiddleware<AppEnv>((c, next) =>
    publicPrefix && c.req.path.startsWith(publicPrefix) ? next() : guarded(c, next),
  );
};
