/// <reference lib="webworker" />
import {
  AUTH_COOKIE_NAME,
  AUTH_REFRESH_LOCK,
  AUTH_REFRESH_PATH,
  type AuthTokens,
  authCookieMaxAge,
  decodeAuthCookie,
  encodeAuthCookie,
  refreshHeaders,
} from '#src/lib/auth-cookie.ts';
import type { RefreshOutcome } from '#src/lib/outbox/outbox-replay.ts';

declare const self: ServiceWorkerGlobalScope;

// The signed-in user's tokens as the worker sees them: the auth cookie, read and, after a refresh,
// written through the Cookie Store API. A worker without it (Safari, Firefox) has no session of its own
// and leaves the work to the page. Used by Background Sync (outbox-sync.ts) and by a push subscription
// the browser renewed (push.ts).

type CookieStoreLike = {
  get(name: string): Promise<{ value: string } | null>;
  set(options: {
    name: string;
    value: string;
    path: string;
    expires?: number | null;
    sameSite: 'strict';
  }): Promise<void>;
};

export const cookieStore = (): CookieStoreLike | undefined =>
  (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;

export async function readTokens(): Promise<AuthTokens | null> {
  const cookie = await cookieStore()?.get(AUTH_COOKIE_NAME);
  return decodeAuthCookie(cookie?.value);
}

// The page's refresh, done here: inside the shared lock, and only if no one rotated the tokens meanwhile.
export function refresh(stale: string): Promise<RefreshOutcome> {
  return self.navigator.locks.request(AUTH_REFRESH_LOCK, async (): Promise<RefreshOutcome> => {
    const shared = await readTokens();
    if (!shared) return 'ended';
    if (shared.accessToken !== stale) return 'fresh';
    let response: Response;
    try {
      // The refresh token is the HttpOnly cookie this same-origin fetch carries (issue 22).
      response = await fetch(AUTH_REFRESH_PATH, { headers: refreshHeaders(shared) });
    } catch {
      return 'transient';
    }
    if (response.status === 429 || response.status >= 500) return 'transient';
    const body = (await response.json().catch(() => null)) as { accessToken?: unknown } | null;
    if (!response.ok || typeof body?.accessToken !== 'string') return 'ended';
    const tokens = { accessToken: body.accessToken, rememberMe: shared.rememberMe };
    const maxAge = authCookieMaxAge(tokens);
    await cookieStore()?.set({
      name: AUTH_COOKIE_NAME,
      value: encodeAuthCookie(tokens),
      path: '/',
      expires: maxAge === null ? null : Date.now() + maxAge * 1000,
      sameSite: 'strict',
    });
    return 'fresh';
  });
}

/** A same-origin API call with the session's bearer token, refreshed once on a 401; null when signed out. */
export async function fetchSignedIn(path: string, init: RequestInit = {}): Promise<Response | null> {
  const send = (token: string) =>
    fetch(path, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` },
    });
  const token = (await readTokens())?.accessToken;
  if (!token) return null;
  const response = await send(token);
  if (response.status !== 401 || (await refresh(token)) !== 'fresh') return response;
  const fresh = (await readTokens())?.accessToken;
  return fresh ? send(fresh) : response;
}
