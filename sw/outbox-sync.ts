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
  userIdOf,
} from '#src/lib/auth-cookie.ts';
import { type RefreshOutcome, replayOutbox } from '#src/lib/outbox/outbox-replay.ts';
import { OUTBOX_FILE_FIELD, OUTBOX_LOCK, OUTBOX_PATHS, OUTBOX_SYNC_TAG } from '#src/lib/outbox/outbox-types.ts';
import { buildUploadBody } from '#src/lib/upload-body.ts';

declare const self: ServiceWorkerGlobalScope;

// Background Sync (Chromium): when the network is back, the browser wakes this worker even with the
// app closed, and it replays the outbox exactly as the page does (same state machine, same lock). The
// tokens come from the auth cookie, read and, after a refresh, written through the Cookie Store API;
// a worker without it leaves the work to the page. A pass that leaves entries waiting fails the sync
// event, so the browser tries again later with its own back-off.

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
type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean };

const cookieStore = (): CookieStoreLike | undefined =>
  (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;

async function readTokens(): Promise<AuthTokens | null> {
  const cookie = await cookieStore()?.get(AUTH_COOKIE_NAME);
  return decodeAuthCookie(cookie?.value);
}

// The page's refresh, done here: inside the shared lock, and only if no one rotated the tokens meanwhile.
function refresh(stale: string): Promise<RefreshOutcome> {
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

async function replayFromWorker(): Promise<void> {
  if (!cookieStore()) return;
  const userId = userIdOf(await readTokens());
  if (userId === null) return;
  const outcome = await self.navigator.locks.request(OUTBOX_LOCK, () =>
    replayOutbox({
      userId,
      accessToken: async () => (await readTokens())?.accessToken ?? null,
      refresh,
      send: (entry, file, accessToken) => {
        return fetch(OUTBOX_PATHS[entry.kind], {
          method: 'POST',
          body: buildUploadBody({ fields: entry.fields, file, fileField: OUTBOX_FILE_FIELD }),
          headers: { Authorization: `Bearer ${accessToken}`, 'Idempotency-Key': entry.id },
        });
      },
    }),
  );
  if (outcome.nextAttemptAt !== null && !outcome.signedOut) throw new Error('Outbox entries are still waiting');
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker());
  });
}
