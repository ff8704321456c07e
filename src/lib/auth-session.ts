import { useSyncExternalStore } from 'react';
import { AUTH_COOKIE_NAME } from '#src/shared/constants.ts';
import {
  type AuthTokens,
  authCookieMaxAge,
  decodeAuthCookie,
  encodeAuthCookie,
  rolesOf,
  userIdOf,
} from './auth-cookie';

// The auth state: the access token, kept in memory and mirrored in a cookie (seed section 4): path '/',
// session-long, or 7 days with remember-me. A refresh replaces the cookie. The refresh token is the
// server's HttpOnly cookie beside it (issue 22): script never holds it.
export type { AuthTokens };
export { userIdOf };

type Listener = () => void;
const listeners = new Set<Listener>();
let current: AuthTokens | null = readCookie();

export function getAuthTokens(): AuthTokens | null {
  return current;
}

export const currentUserId = (): number | null => userIdOf(current);
export const currentRoles = () => rolesOf(current);

export function setAuthTokens(tokens: AuthTokens): void {
  current = tokens;
  writeCookie(tokens);
  emit();
}

export function clearAuthTokens(): void {
  current = null;
  // biome-ignore lint/suspicious/noDocumentCookie: the seed stores the tokens in a cookie; no Cookie Store API on iOS Safari
  document.cookie = `${AUTH_COOKIE_NAME}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Strict${secure()}`;
  emit();
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthTokens(): AuthTokens | null {
  return useSyncExternalStore(subscribeAuth, getAuthTokens, () => null);
}

// Another tab may have refreshed (rotated) the tokens: the cookie is the shared truth between tabs.
export function reloadAuthTokensFromCookie(): AuthTokens | null {
  const fromCookie = readCookie();
  if (fromCookie?.accessToken !== current?.accessToken) {
    current = fromCookie;
    emit();
  }
  return current;
}

function emit() {
  for (const listener of listeners) listener();
}

const secure = () => (typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '');

function writeCookie(tokens: AuthTokens) {
  const maxAgeSeconds = authCookieMaxAge(tokens);
  const maxAge = maxAgeSeconds === null ? '' : `; max-age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: see clearAuthTokens
  document.cookie = `${AUTH_COOKIE_NAME}=${encodeAuthCookie(tokens)}; path=/${maxAge}; SameSite=Strict${secure()}`;
}

function readCookie(): AuthTokens | null {
  if (typeof document === 'undefined') return null;
  const raw = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${AUTH_COOKIE_NAME}=`))
    ?.slice(AUTH_COOKIE_NAME.length + 1);
  return decodeAuthCookie(raw);
}
