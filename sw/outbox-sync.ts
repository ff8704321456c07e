/// <reference lib="webworker" />
import { userIdOf } from '#src/lib/auth-cookie.ts';
import { replayOutbox } from '#src/lib/outbox/outbox-replay.ts';
import { listEntries } from '#src/lib/outbox/outbox-store.ts';
import { OUTBOX_FILE_FIELD, OUTBOX_LOCK, OUTBOX_PATHS, OUTBOX_SYNC_TAG } from '#src/lib/outbox/outbox-types.ts';
import { buildUploadBody } from '#src/lib/upload-body.ts';
import { newlyRefused, noticeRefusedEntries } from './outbox-attention';
import { cookieStore, readTokens, refresh } from './sw-auth';

declare const self: ServiceWorkerGlobalScope;

// Background Sync (Chromium): when the network is back, the browser wakes this worker even with the
// app closed, and it replays the outbox exactly as the page does (same state machine, same lock). The
// tokens come from the auth cookie, read and, after a refresh, written through the Cookie Store API;
// a worker without it leaves the work to the page. A pass that leaves entries waiting fails the sync
// event, so the browser tries again later with its own back-off.

type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean };

async function replayFromWorker(): Promise<void> {
  if (!cookieStore()) return;
  const userId = userIdOf(await readTokens());
  if (userId === null) return;
  const { outcome, refused } = await self.navigator.locks.request(OUTBOX_LOCK, async () => {
    const before = await listEntries(userId);
    const outcome = await replayOutbox({
      userId,
      exclusive: true,
      accessToken: async () => (await readTokens())?.accessToken ?? null,
      refresh,
      send: (entry, file, accessToken) => {
        return fetch(OUTBOX_PATHS[entry.kind], {
          method: 'POST',
          body: buildUploadBody({ fields: entry.fields, file, fileField: OUTBOX_FILE_FIELD }),
          headers: { Authorization: `Bearer ${accessToken}`, 'Idempotency-Key': entry.id },
        });
      },
    });
    return { outcome, refused: newlyRefused(before, await listEntries(userId)) };
  });
  // The app may well be closed: a refusal waits for the recruiter, so they are told (see outbox-attention.ts).
  await noticeRefusedEntries(refused).catch(() => undefined);
  if (outcome.nextAttemptAt !== null && !outcome.signedOut) throw new Error('Outbox entries are still waiting');
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker());
  });
}
