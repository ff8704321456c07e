import type { QueryClient } from '@tanstack/react-query';
import { type ParsedLocation, redirect } from '@tanstack/react-router';
import { isAppError } from '#src/lib/app-error.ts';
import { getAuthTokens } from '#src/lib/auth-session.ts';
import type { AuthUser } from '#src/shared/auth-schemas.ts';
import type { Role } from '#src/shared/enums.ts';
import { meQueryOptions } from './api';

// Guards for the `beforeLoad` of the pathless layout routes (ARCHITECTURE.md convention 4).
type GuardContext = { queryClient: QueryClient };
type GuardArgs = { context: GuardContext; location: Pick<ParsedLocation, 'href'> };

/** Logged-in only: without tokens, to /login with the way back in `redirect`. */
export function requireAuth({ location }: GuardArgs): void {
  if (!getAuthTokens()) {
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}

/**
 * Logged-in with `role`. A user without it (an admin on a recruiter page, or the reverse) goes to
 * /dashboard, which every role may see, rather than to an error page: the link was valid, just not
 * for this account. Returns the user so a layout can put it in its route context.
 */
export async function requireRole(role: Role, args: GuardArgs): Promise<AuthUser> {
  requireAuth(args);
  const user = await args.context.queryClient.ensureQueryData(meQueryOptions()).catch((error: unknown) => {
    // The session ended while loading (the api client is already on its way to '/').
    if (isAppError(error) && error.status === 401) return null;
    throw error;
  });
  if (!user) throw redirect({ to: '/login', search: { redirect: args.location.href } });
  if (!user.roles.includes(role)) throw redirect({ to: '/dashboard' });
  return user;
}

/** Guest only (login, reset-password): a logged-in user goes to /dashboard. */
export function requireGuest(_args: { context: GuardContext }): void {
  if (getAuthTokens()) throw redirect({ to: '/dashboard' });
}

/**
 * /update-password needs its token (seed section 2): without one, to /login. It sits outside the guest
 * guard, as a login that answered needToChangePassword leads there.
 */
export function requireToken({ search }: { search: { token?: string } }): { token: string } {
  if (!search.token) throw redirect({ to: '/login' });
  return { token: search.token };
}

/** A `redirect` search value safe to follow: a path on this site, never another origin. */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return undefined;
  }
  try {
    const base = 'https://same.origin';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}
