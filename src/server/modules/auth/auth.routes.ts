import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#src/server/context.ts';
import { AppError, notFound } from '#src/server/errors.ts';
import { requireUser } from '#src/server/middleware/auth.ts';
import { clientIp, hitRateLimit, limitPerIp, RATE_RULES } from '#src/server/middleware/rate-limit.ts';
import { findUserById, toAuthUser } from '#src/server/modules/users/user.repository.ts';
import { verifyAccessToken } from '#src/server/security/jwt.ts';
import { validate } from '#src/server/validate.ts';
import { loginSchema, resetPasswordSchema, updatePasswordSchema } from '#src/shared/auth-schemas.ts';
import { login, logout, refresh, requestPasswordReset, updatePassword } from './auth.service';
import { countAccountLoginAttempt, loginAttemptFromIp } from './login-throttle';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie, wantsRefreshCookie } from './refresh-cookie';

const refreshToken = v.pipe(
  v.string('token_required'),
  v.minLength(20, 'token_required'),
  v.maxLength(200, 'token_required'),
);
// The seed's header; the app sends none and names its HttpOnly cookie instead (refresh-cookie.ts).
const refreshHeaderSchema = v.object({ 'x-refresh-token': v.optional(refreshToken) });

// `/api/auth`: login and logout (seed section 7, plus logout).
export const authRoutes = new Hono<AppEnv>()
  // Every limit counts the attempt before the password is checked, in one statement each, so no burst
  // of parallel requests checks more passwords than the limits allow (login-throttle.ts).
  .post('/login', loginAttemptFromIp, validate('json', loginSchema), async (c) => {
    const input = c.req.valid('json');
    const ip = clientIp(c);
    const giveBack = await countAccountLoginAttempt(c.get('deps'), input.email, ip);
    const answer = await login(c.get('deps'), input, { ip, userAgent: c.req.header('user-agent') ?? null });
    await giveBack();
    if (answer.refreshToken && wantsRefreshCookie(c)) {
      setRefreshCookie(c, answer.refreshToken, input.rememberMe);
      return c.json({ ...answer, refreshToken: null }, 200);
    }
    return c.json(answer, 200);
  })
  .post('/logout', async (c) => {
    // Works with an expired access token too: the refresh token alone identifies the session.
    const { env, now } = c.get('deps');
    const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
    const claims = bearer ? await verifyAccessToken(env.JWT_SECRET, bearer, now()) : null;
    await logout(c.get('deps'), claims?.sid ?? null, c.req.header('x-refresh-token') ?? readRefreshCookie(c) ?? null);
    clearRefreshCookie(c);
    return c.json({ success: true as const, data: null }, 200);
  });

// `/api/recruiter/auth`: the seed puts refresh, me and the password calls here, for every role.
export const recruiterAuthRoutes = new Hono<AppEnv>()
  .get('/refresh-token', validate('header', refreshHeaderSchema), async (c) => {
    const { db, now } = c.get('deps');
    const cookie = wantsRefreshCookie(c);
    // A header wins: an app upgraded from a release that kept the token in its readable cookie sends
    // it once more, and gets it back as an HttpOnly cookie.
    const token = c.req.valid('header')['x-refresh-token'] ?? (cookie ? readRefreshCookie(c) : undefined);
    await hitRateLimit(db, RATE_RULES.refreshPerIp, clientIp(c), now().getTime());
    if (!token) {
      if (cookie) throw new AppError('INVALID_TOKEN', 401, 'Your session has ended. Please log in again.');
      throw new AppError('VALIDATION_FAILED', 400, 'Some fields are not valid.', {
        'x-refresh-token': 'token_required',
      });
    }
    await hitRateLimit(db, RATE_RULES.refreshPerSession, token.slice(0, 16), now().getTime());
    const pair = await refresh(c.get('deps'), token);
    if (cookie) {
      setRefreshCookie(c, pair.refreshToken, pair.rememberMe);
      return c.json({ success: true as const, accessToken: pair.accessToken, refreshToken: null }, 200);
    }
    return c.json({ success: true as const, accessToken: pair.accessToken, refreshToken: pair.refreshToken }, 200);
  })
  .get('/me', requireUser, async (c) => {
    const user = await findUserById(c.get('deps').db, c.get('user').id);
    if (!user) throw notFound('User');
    return c.json({ success: true as const, data: toAuthUser(user) }, 200);
  })
  // Per-address limits come before the body is parsed: an address past them costs no parsing.
  .post('/reset/password', limitPerIp(RATE_RULES.resetPerIp), validate('json', resetPasswordSchema), async (c) => {
    const { email, locale } = c.req.valid('json');
    const { db, now } = c.get('deps');
    await hitRateLimit(db, RATE_RULES.resetPerAccount, email, now().getTime());
    await requestPasswordReset(c.get('deps'), email, locale);
    return c.json({ success: true as const, data: { sent: true as const } }, 200);
  })
  .post(
    '/update/password',
    limitPerIp(RATE_RULES.updatePasswordPerIp),
    validate('json', updatePasswordSchema),
    async (c) => {
      const { token, password } = c.req.valid('json');
      // The holder of the token has the mailbox: the address is theirs to see (the login page fills it in).
      const data = await updatePassword(c.get('deps'), token, password);
      return c.json({ success: true as const, data }, 200);
    },
  );
