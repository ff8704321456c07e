import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '#src/server/context.ts';
import { REFRESH_COOKIE_NAME, SESSION_TTL_SECONDS, TOKEN_STORAGE_HEADER } from '#src/shared/constants.ts';

// Issue 22, finding 9: the PWA's refresh token (the 7-to-30-day secret) is kept where no script can read
// it, so an XSS cannot carry a login away: an HttpOnly, SameSite=Strict cookie, `__Host-` prefixed (Secure,
// path '/', no domain) when the app is served over https. The page keeps only the 15-minute access token
// in its readable cookie (seed section 4). Calls that do not ask for the cookie answer as the seed says.

type Ctx = Context<AppEnv>;

// Browsers refuse a Secure cookie on plain http (WebKit even on localhost), so over http (development,
// tests) the cookie has no prefix and no Secure flag; APP_URL says how the app is served.
const overHttps = (c: Ctx) => c.get('deps').env.APP_URL.startsWith('https:');
const prefix = (c: Ctx) => (overHttps(c) ? ({ prefix: 'host' } as const) : {});

/** The app asked for its refresh token in the HttpOnly cookie (and not in the answer). */
export const wantsRefreshCookie = (c: Ctx): boolean => c.req.header(TOKEN_STORAGE_HEADER) === 'cookie';

export const readRefreshCookie = (c: Ctx): string | undefined =>
  getCookie(c, REFRESH_COOKIE_NAME, overHttps(c) ? 'host' : undefined);

/** Lives as long as the page's cookie: the browser session, or 7 days with remember-me, renewed by each refresh. */
export function setRefreshCookie(c: Ctx, refreshToken: string, rememberMe: boolean): void {
  setCookie(c, REFRESH_COOKIE_NAME, refreshToken, {
    path: '/',
    httpOnly: true,
    secure: overHttps(c),
    sameSite: 'Strict',
    ...(rememberMe ? { maxAge: SESSION_TTL_SECONDS } : {}),
    ...prefix(c),
  });
}

export function clearRefreshCookie(c: Ctx): void {
  deleteCookie(c, REFRESH_COOKIE_NAME, { path: '/', secure: overHttps(c), httpOnly: true, ...prefix(c) });
}
