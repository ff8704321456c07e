import type { QueryClient } from '@tanstack/react-query';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { api } from '#src/lib/api-client.ts';
import { refreshHeaders } from '#src/lib/auth-cookie.ts';
import { clearAuthTokens, currentUserId, getAuthTokens } from '#src/lib/auth-session.ts';
import { clearOutbox, listEntries } from '#src/lib/outbox/outbox-store.ts';
import { isUnsent } from '#src/lib/outbox/outbox-types.ts';
import { forgetThisDeviceOnSignOut } from '#src/lib/push.ts';
import { clearPersistedQueries } from '#src/lib/query-persistence.ts';
import { clearSharedFile } from '#src/lib/shared-file.ts';

// Logging out, loaded by the /logout route when it runs (not part of every first visit): it reads and
// clears the outbox and the shared CV, which no other first screen needs.

/** The signed-in user's entries the server has not confirmed; none when the outbox cannot be read. */
export async function unsentCount(): Promise<number> {
  const userId = currentUserId();
  if (userId === null) return 0;
  try {
    return (await listEntries(userId)).filter(isUnsent).length;
  } catch {
    return 0; // No IndexedDB here: nothing can have been kept.
  }
}

/** Ends the session on the server (best effort: offline still logs out here), then forgets it locally. */
export async function logout(queryClient: QueryClient): Promise<void> {
  const tokens = getAuthTokens();
  if (tokens) {
    // A shared phone must not go on receiving this user's pushes: the server forgets this device while
    // the session still lets it ask (a few seconds at most; offline, the subscription is dropped anyway).
    await forgetThisDeviceOnSignOut();
    try {
      // The server ends the session its HttpOnly cookie names, and clears that cookie.
      await api.api.auth.logout.$post(undefined, { headers: refreshHeaders(tokens) });
    } catch {
      // Offline or server down: the tokens are forgotten below and expire on their own.
    }
  }
  clearAuthTokens();
  queryClient.clear();
  // A toast of the session ("Saved", an error) is not the login page's news (issue 21).
  clearToasts();
  // Nothing of this session stays on the device: every saved query cache, the outbox (the logout page
  // has warned about unsent entries) and a CV shared into the app but not yet used.
  await Promise.all([clearPersistedQueries(), clearOutbox().catch(() => {}), clearSharedFile().catch(() => {})]);
}
