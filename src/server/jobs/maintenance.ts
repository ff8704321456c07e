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

export function startMaintenance(deps: AppDeps, intervalMs = HOUR): { stop(): void } {
  const run = () =>
    pruneExpired(deps).catch((error) => console.warn('[maintenance] failed:', (error as Error).message));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
