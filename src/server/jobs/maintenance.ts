import { IDEMPOTENCY_KEEP_DAYS } from '../../shared/constants';
import type { AppDeps } from '../context';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Idempotency keys are kept at least 7 days (issue 4), a day more here: a phone offline for a week can
// still replay safely. The outbox stops replaying on its own after 7 days (outbox-replay.ts).
const IDEMPOTENCY_KEEP_MS = (IDEMPOTENCY_KEEP_DAYS + 1) * DAY;
// Used and expired links stay a while for support questions ("I clicked it yesterday").
const TOKEN_KEEP_MS = 30 * DAY;
const LONGEST_RATE_WINDOW_MS = HOUR;

// Deletes what no rule needs any more. Safe to run on every instance at once: plain deletes.
export async function pruneExpired(deps: AppDeps): Promise<void> {
  const { db } = deps;
  const now = deps.now().getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', now - LONGEST_RATE_WINDOW_MS)
    .execute();
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', iso(now - IDEMPOTENCY_KEEP_MS))
    .execute();
  await db
    .deleteFrom('one_time_tokens')
    .where('expires_at', '<', iso(now - TOKEN_KEEP_MS))
    .execute();
  // A session past its absolute lifetime can never be refreshed again: its tokens go with it.
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', iso(now - DAY))
    .execute();
}

/**
 * An upload stores its object first and commits its `files` row after (uploads/read-upload.ts); a process
 * killed in between leaves an object no row points to, as does a write cut short (a local `.part` file).
 * Such an object is an orphan once it is older than this: no upload takes that long to commit.
 */
export const ORPHAN_GRACE_MS = HOUR;
// Only the folders uploads write to (storage-key.ts): never the demo files, never anything else in a bucket.
const UPLOAD_FOLDERS = ['resume/', 'call-proof/'];
const KEYS_PER_QUERY = 500;

/** Deletes stored objects that no `files` row points to and that are older than the grace period. */
export async function sweepOrphanFiles(deps: AppDeps, graceMs = ORPHAN_GRACE_MS): Promise<string[]> {
  const { db, storage } = deps;
  const cutoff = deps.now().getTime() - graceMs;
  const candidates: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    for await (const object of storage.list(folder)) {
      if (object.modifiedAt.getTime() < cutoff) candidates.push(object.key);
    }
  }
  const swept: string[] = [];
  for (let i = 0; i < candidates.length; i += KEYS_PER_QUERY) {
    const keys = candidates.slice(i, i + KEYS_PER_QUERY);
    const rows = await db.selectFrom('files').select('storage_key').where('storage_key', 'in', keys).execute();
    const known = new Set(rows.map((row) => row.storage_key));
    for (const key of keys) {
      if (known.has(key)) continue;
      await storage.delete(key);
      swept.push(key);
    }
  }
  if (swept.length > 0) console.warn(`[maintenance] deleted ${swept.length} stored file(s) without a row`);
  return swept;
}

export function startMaintenance(deps: AppDeps, intervalMs = HOUR): { stop(): void } {
  const run = () =>
    Promise.all([
      pruneExpired(deps).catch((error) => console.warn('[maintenance] failed:', (error as Error).message)),
      sweepOrphanFiles(deps).catch((error) =>
        console.warn('[maintenance] orphan sweep failed:', (error as Error).message),
      ),
    ]);
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
