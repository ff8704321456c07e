import { AUTH_COOKIE_NAME, SESSION_TTL_SECONDS, TOKEN_STORAGE_HEADER } from '#src/shared/constants.ts';
import { ROLES, type Role } from '#src/shared/enums.ts';

// The auth cookie's value, read and written the same way by the page (document.cookie) and by the
// service worker (cookieStore, for Background Sync): no DOM here.

// The refresh token is not here: the server keeps it in an HttpOnly cookie no script can read (issue 22).
// `refreshToken` is only ever a cookie written by an earlier release, sent once more on the first refresh
// so the server can move it into the HttpOnly cookie, then dropped.
export type AuthTokens = { accessToken: string; refreshToken?: string; rememberMe: boolean };

/** Login, refresh and logout send it: the refresh token goes to the HttpOnly cookie, not to script. */
export const TOKEN_STORAGE = { [TOKEN_STORAGE_HEADER]: 'cookie' } as const;

/** The headers of a refresh (or logout): the cookie, plus an earlier release's readable token if any. */
export const refreshHeaders = (tokens: AuthTokens): Record<string, string> =>
  tokens.refreshToken ? { ...TOKEN_STORAGE, 'x-refresh-token': tokens.refreshToken } : { ...TOKEN_STORAGE };

export const AUTH_REFRESH_PATH = '/api/recruiter/auth/refresh-token';
/** One refresh at a time across tabs and the service worker (Web Locks). */
export const AUTH_REFRESH_LOCK = 'recruiter-token-refresh';

export function encodeAuthCookie(tokens: AuthTokens): string {
  return encodeURIComponent(JSON.stringify({ a: tokens.accessToken, m: tokens.rememberMe }));
}

export function decodeAuthCookie(raw: string | null | undefined): AuthTokens | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(raw)) as { a?: unknown; r?: unknown; m?: unknown };
    if (typeof parsed.a !== 'string') return null;
    const legacy = typeof parsed.r === 'string' ? { refreshToken: parsed.r } : {};
    return { accessToken: parsed.a, ...legacy, rememberMe: parsed.m === true };
  } catch {
    return null;
  }
}

/** Seconds the cookie lives: 7 days with remember-me, else the browser session. */
export const authCookieMaxAge = (tokens: AuthTokens): number | null => (tokens.rememberMe ? SESSION_TTL_SECONDS : null);

/**
 * The signed-in user's id, read from the access token's subject (no call, works offline). The outbox
 * and the saved query cache are kept per user with it, so one user never sees another's.
 */
// The token's claims, read without checking the signature (the server checks it on every call). Four
// lines instead of jose's decodeJwt, which put ~0.6 kB gzip into every first load, /login's included.
function claimsOf(jwt: string): { sub?: unknown; roles?: unknown } {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
}

export function userIdOf(tokens: AuthTokens | null): number | null {
  if (!tokens) return null;
  try {
    const id = Number(claimsOf(tokens.accessToken).sub);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * The roles the access token was issued with (no call, works offline): the shell's nav shows them
 * while the signed-in user is still loading, or could not load because the server did not answer.
 */
export function rolesOf(tokens: AuthTokens | null): Role[] {
  if (!tokens) return [];
  try {
    const roles = claimsOf(tokens.accessToken).roles;
    return Array.isArray(roles) ? ROLES.filter((role) => roles.includes(role)) : [];
  } catch {
    return [];
  }
}

export { AUTH_COOKIE_NAME };
