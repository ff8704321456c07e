import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '#src/server/context.ts';
import { sendAdminDigests } from '#src/server/notifications/admin-digest.ts';
import { announceStartedPromos } from '#src/server/notifications/announce.ts';
import { notifyReferralRecruiter } from '#src/server/notifications/notify-referral.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { IDEMPOTENCY_KEEP_DAYS } from '#src/shared/constants.ts';
import { applyRetention } from './retention';
import { markWithholdingYear } from './withholding-marks';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Idempotency keys are kept at least 7 days (issue 4), a day more here: a phone offline for a week can
// still replay safely. The outbox stops replaying on its own after 7 days (outbox-replay.ts).
const IDEMPOTENCY_KEEP_MS = (IDEMPOTENCY_KEEP_DAYS + 1) * DAY;
// Used and expired links stay a while for support questions ("I clicked it yesterday").
const TOKEN_KEEP_MS = 30 * DAY;
// Sent, cancelled and failed e-mails stay as long, for the same questions ("I never got it").
const MAIL_KEEP_MS = 30 * DAY;
const LONGEST_RATE_WINDOW_MS = HOUR;
// A notification is news: after 90 days the centre no longer lists it (the change itself stays in the
// referral's history).
export const NOTIFICATION_KEEP_MS = 90 * DAY;

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
  // A used consent or ITA link stays while the talent may still withdraw their consent with it (the
  // referral's consent stands and it is not final: talent-link.service.ts), however old it is.
  await db
    .deleteFrom('one_time_tokens')
    .where('expires_at', '<', iso(now - TOKEN_KEEP_MS))
    .where((eb) =>
      eb.or([
        eb('used_at', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('referrals')
              .select('referrals.id')
              .whereRef('referrals.id', '=', 'one_time_tokens.referral_id')
              .where('referrals.consent_status', '=', 'CONFIRMED')
              .where('referrals.hiring_status', 'not in', ['REJECTED', 'WITHDRAWN'])
              .where('referrals.reward_status', 'is', null),
          ),
        ),
      ]),
    )
    .execute();
  await db
    .deleteFrom('email_outbox')
    .where('status', 'in', ['SENT', 'CANCELLED', 'FAILED'])
    .where('created_at', '<', iso(now - MAIL_KEEP_MS))
    .execute();
  // Issue 25: pushes sent or given up, broadcasts fanned out, and in-app items past NOTIFICATION_KEEP_MS.
  await db
    .deleteFrom('push_outbox')
    .where('status', 'in', ['SENT', 'FAILED'])
    .where('created_at', '<', iso(now - MAIL_KEEP_MS))
    .execute();
  await db
    .deleteFrom('notification_events')
    .where('status', '=', 'DONE')
    .where('created_at', '<', iso(now - MAIL_KEEP_MS))
    .execute();
  await db
    .deleteFrom('notifications')
    .where('created_at', '<', iso(now - NOTIFICATION_KEEP_MS))
    .execute();
  // The .eml copies (MAIL_TRANSPORT=file) hold the same bodies: they go after the same time.
  if (deps.env.MAIL_TRANSPORT === 'file') await pruneEmlFiles(path.join(deps.env.DATA_DIR, 'mail'), now - MAIL_KEEP_MS);
  // A session past its absolute lifetime can never be refreshed again: its tokens go with it.
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', iso(now - DAY))
    .execute();
}

async function pruneEmlFiles(dir: string, beforeMs: number) {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < beforeMs) await rm(file, { force: true });
  }
}

const EXPIRY_BATCH = 200;

/**
 * Tells each recruiter, in their language, that a consent link expired before the talent answered it:
 * exactly once per link. Each link is claimed (`expiry_noticed_at`) in the same transaction that queues
 * its e-mail, so two instances running at once, or a crash in between, never send it twice or lose it.
 * A link replaced by a newer one (voided) or whose question was settled another way is not news.
 */
export async function noticeExpiredConsentLinks(deps: AppDeps): Promise<number> {
  const { db, env } = deps;
  const now = deps.now();
  const at = now.toISOString();
  let noticed = 0;
  for (;;) {
    const due = await db
      .selectFrom('one_time_tokens')
      .innerJoin('referrals', 'referrals.id', 'one_time_tokens.referral_id')
      .select(['one_time_tokens.id', 'referrals.id as referralId'])
      .where('one_time_tokens.kind', '=', 'CONSENT')
      .where('one_time_tokens.used_at', 'is', null)
      .where('one_time_tokens.voided_at', 'is', null)
      .where('one_time_tokens.expiry_noticed_at', 'is', null)
      .where('one_time_tokens.expires_at', '<=', at)
      .where('referrals.consent_status', '=', 'PENDING')
      .orderBy('one_time_tokens.id')
      .limit(EXPIRY_BATCH)
      .execute();
    for (const link of due) {
      const claimed = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .updateTable('one_time_tokens')
          .set({ expiry_noticed_at: at })
          .where('id', '=', link.id)
          .where('expiry_noticed_at', 'is', null)
          .where('used_at', 'is', null)
          .where('voided_at', 'is', null)
          .executeTakeFirst();
        if (Number(claim.numUpdatedRows) !== 1) return false;
        await notifyReferralRecruiter(
          trx,
          { env, now },
          { referralId: link.referralId, kind: 'CONSENT_EXPIRED', template: 'consent_expired' },
        );
        return true;
      });
      if (claimed) noticed += 1;
    }
    if (due.length < EXPIRY_BATCH) return noticed;
  }
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
  if (swept.length > 0) logger.warn({ area: 'maintenance', files: swept.length }, 'deleted stored files without a row');
  return swept;
}

export function startMaintenance(deps: AppDeps, intervalMs = HOUR): { stop(): Promise<void> } {
  const run = () =>
    Promise.all([
      pruneExpired(deps).catch((error) => logger.warn({ area: 'maintenance', error: loggedError(error) }, 'failed')),
      sweepOrphanFiles(deps).catch((error) =>
        logger.warn({ area: 'maintenance', error: loggedError(error) }, 'orphan sweep failed'),
      ),
      // Only counts are logged: never a talent's or recruiter's name or address.
      noticeExpiredConsentLinks(deps).catch((error) =>
        logger.warn({ area: 'maintenance', error: loggedError(error) }, 'consent expiry notices failed'),
      ),
      announceStartedPromos(deps).catch((error) =>
        logger.warn({ area: 'maintenance', error: loggedError(error) }, 'promo announcements failed'),
      ),
      sendAdminDigests(deps).catch((error) =>
        logger.warn({ area: 'maintenance', error: loggedError(error) }, 'admin digests failed'),
      ),
      // Only a count is logged, never who was marked.
      markWithholdingYear(deps)
        .then((marked) => {
          if (marked > 0) logger.info({ area: 'withholding', marked }, 'recruiters marked for section 107D');
        })
        .catch((error) => logger.warn({ area: 'maintenance', error: loggedError(error) }, 'withholding marks failed')),
      applyRetention(deps)
        .then((run) => {
          if (run.erased + run.anonymised + run.purged > 0)
            logger.info(
              { area: 'retention', erased: run.erased, anonymised: run.anonymised, purged: run.purged },
              'talents erased, anonymised or purged',
            );
        })
        .catch((error) => logger.warn({ area: 'maintenance', error: loggedError(error) }, 'retention failed')),
    ]);
  // The running pass, so a shutdown lets it finish (a retention erasure is many statements) before the
  // database closes.
  let current: Promise<unknown> = run();
  const timer = setInterval(() => {
    current = run();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
