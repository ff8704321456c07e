import type { AppDeps } from '#src/server/context.ts';
import { AppError } from '#src/server/errors.ts';
import { appLink } from '#src/server/mail/app-link.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
import { findUserByEmail } from '#src/server/modules/users/user.repository.ts';
import { type PasswordProblem, passwordProblem } from '#src/server/security/guessable-password.ts';
import { signAccessToken } from '#src/server/security/jwt.ts';
import { consumeOneTimeToken, issueOneTimeToken, voidOneTimeTokens } from '#src/server/security/one-time-tokens.ts';
import { hashPassword, verifyPassword } from '#src/server/security/passwords.ts';
import { newOpaqueToken, sha256 } from '#src/server/security/tokens.ts';
import type { LoginAnswer } from '#src/shared/auth-schemas.ts';
import {
  idleTtlSeconds,
  PASSWORD_RESET_TTL_SECONDS,
  PASSWORD_SETUP_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REMEMBER_ME_TTL_SECONDS,
  SESSION_TTL_SECONDS,
} from '#src/shared/constants.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import {
  createSession,
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from './session.repository';

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'The e-mail or password is incorrect.');
const deactivated = () =>
  new AppError('ACCOUNT_DEACTIVATED', 403, 'This account has been deactivated. Please contact the admin.');
const temporaryPasswordExpired = () =>
  new AppError(
    'TEMPORARY_PASSWORD_EXPIRED',
    401,
    'This temporary password has expired. Use "Forgot password?" or ask the admin for a new invitation.',
  );
const refreshRefused = () => new AppError('INVALID_TOKEN', 401, 'Your session has ended. Please log in again.');
const sessionEnded = () => new AppError('SESSION_EXPIRED', 401, 'Your session has ended. Please log in again.');

type Client = { ip: string; userAgent: string | null };

export async function login(
  deps: AppDeps,
  input: { email: string; password: string; rememberMe: boolean },
  client: Client,
): Promise<LoginAnswer> {
  const { db, now } = deps;
  const user = await findUserByEmail(db, input.email);
  // Verified even for an unknown e-mail (against a dummy hash): same answer, same timing.
  const ok = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !ok) throw invalidCredentials();
  if (user.status !== 'ACTIVE') throw deactivated();

  if (user.need_to_change_password === 1) {
    // Told only to whoever knows the password: an expired invitation is no hint to a guesser.
    const expiresAt = user.temporary_password_expires_at;
    if (expiresAt !== null && expiresAt <= now().toISOString()) throw temporaryPasswordExpired();
    // No session: the account must set its own password first, through /update-password?token=…
    await voidOneTimeTokens(db, { kind: 'PASSWORD_RESET', userId: user.id }, now());
    const token = await issueOneTimeToken(db, {
      kind: 'PASSWORD_RESET',
      userId: user.id,
      ttlSeconds: PASSWORD_SETUP_TTL_SECONDS,
      now: now(),
    });
    return { success: true, needToChangePassword: true, token, accessToken: null, refreshToken: null };
  }

  const at = now();
  const ttl = input.rememberMe ? REMEMBER_ME_TTL_SECONDS : SESSION_TTL_SECONDS;
  const session = await createSession(db, {
    userId: user.id,
    rememberMe: input.rememberMe,
    expiresAt: new Date(at.getTime() + ttl * 1000).toISOString(),
    now: at.toISOString(),
    userAgent: client.userAgent,
    ip: client.ip,
  });
  const pair = await issuePair(deps, user.id, JSON.parse(user.roles) as string[], session.id);
  // The seed's answer names the access token twice: `token` and `accessToken`.
  return { success: true, needToChangePassword: false, token: pair.accessToken, ...pair };
}

/** A new token pair for a live session, and whether that login was remembered (for the cookie's life). */
export async function refresh(
  deps: AppDeps,
  refreshToken: string,
): Promise<{ accessToken: string; refreshToken: string; rememberMe: boolean }> {
  const { db, now } = deps;
  const at = now();
  const row = await findRefreshToken(db, sha256(refreshToken));
  if (!row || row.revokedAt !== null) throw refreshRefused();
  if (row.expiresAt <= at.toISOString()) throw sessionEnded();
  // Unused for longer than its idle limit: ended for good, so no later token of it works either.
  if (!(Date.parse(row.lastUsedAt) + idleTtlSeconds(row.rememberMe === 1) * 1000 >= at.getTime())) {
    await revokeSession(db, row.sessionId, 'IDLE', at.toISOString());
    throw sessionEnded();
  }
  if (row.status !== 'ACTIVE') throw deactivated();

  if (row.usedAt !== null || !(await markRefreshTokenUsed(db, row.tokenId, at.toISOString()))) {
    const usedAt = row.usedAt ?? at.toISOString();
    const sinceUse = at.getTime() - new Date(usedAt).getTime();
    if (sinceUse > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      // A used token presented again: someone may hold a stolen copy. End the whole login.
      await revokeSession(db, row.sessionId, 'REFRESH_TOKEN_REUSED', at.toISOString());
      throw new AppError('REFRESH_TOKEN_REUSED', 401, 'Your session has ended for your safety. Please log in again.');
    }
    // Within the grace window (two tabs, a retried request on a bad network): answer with a new pair.
  }
  await touchSession(db, row.sessionId, at.toISOString());
  const pair = await issuePair(deps, row.userId, JSON.parse(row.roles) as string[], row.sessionId);
  return { ...pair, rememberMe: row.rememberMe === 1 };
}

async function issuePair(deps: AppDeps, userId: number, roles: string[], sessionId: number) {
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(deps.db, sessionId, sha256(refreshToken), deps.now().toISOString());
  const accessToken = await signAccessToken(
    deps.env.JWT_SECRET,
    { sub: String(userId), sid: sessionId, roles },
    deps.now(),
  );
  return { accessToken, refreshToken };
}

export async function logout(deps: AppDeps, sessionId: number | null, refreshToken: string | null): Promise<void> {
  const at = deps.now().toISOString();
  if (sessionId !== null) await revokeSession(deps.db, sessionId, 'LOGOUT', at);
  if (refreshToken) {
    const row = await findRefreshToken(deps.db, sha256(refreshToken));
    if (row) await revokeSession(deps.db, row.sessionId, 'LOGOUT', at);
  }
}

export async function requestPasswordReset(deps: AppDeps, email: string, locale: AppLocale | undefined): Promise<void> {
  const { db, env, now } = deps;
  const user = await findUserByEmail(db, email);
  if (user?.status !== 'ACTIVE') return; // same answer either way: nothing tells whether the e-mail exists
  await db.transaction().execute(async (trx) => {
    await voidOneTimeTokens(trx, { kind: 'PASSWORD_RESET', userId: user.id }, now());
    const token = await issueOneTimeToken(trx, {
      kind: 'PASSWORD_RESET',
      userId: user.id,
      ttlSeconds: PASSWORD_RESET_TTL_SECONDS,
      now: now(),
    });
    const lang = (locale ?? user.locale) as AppLocale;
    await enqueueEmail(
      trx,
      {
        to: user.email,
        locale: lang,
        template: 'password_reset',
        payload: {
          name: user.full_name,
          link: appLink(env.APP_URL, lang, `/update-password?token=${token}`),
          minutes: PASSWORD_RESET_TTL_SECONDS / 60,
        },
      },
      now(),
    );
  });
}

const guessable = (problem: PasswordProblem) =>
  new AppError(
    'VALIDATION_FAILED',
    422,
    problem === 'password_personal'
      ? 'This password is made of your name or e-mail address.'
      : 'This password is too common or easy to guess.',
    { password: problem },
  );

/** Sets the password of the token's user; answers their e-mail, which the login page fills in next. */
export async function updatePassword(deps: AppDeps, token: string, password: string): Promise<{ email: string }> {
  const { db, now } = deps;
  const common = passwordProblem(password);
  if (common) throw guessable(common);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, 'PASSWORD_RESET', token, now());
    if (!used?.user_id) {
      throw new AppError('INVALID_TOKEN', 400, 'This link has expired or was already used. Please request a new one.');
    }
    // The user's own name and e-mail make a password guessable too; refused before anything is written
    // (the transaction rolls back, so the link still works for a better password).
    const user = await trx
      .selectFrom('users')
      .select(['full_name', 'email'])
      .where('id', '=', used.user_id)
      .executeTakeFirst();
    const problem = user && passwordProblem(password, [user.full_name, user.email]);
    if (problem) throw guessable(problem);
    const at = now().toISOString();
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        need_to_change_password: 0,
        temporary_password_expires_at: null,
        updated_at: at,
      })
      .where('id', '=', used.user_id)
      .execute();
    // Whoever knew the old password is logged out everywhere.
    await revokeUserSessions(trx, used.user_id, 'PASSWORD_CHANGED', at);
    return { email: user?.email ?? '' };
  });
}
