import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import type { Database } from '#src/server/db/database.ts';
import { loggedError, logger } from '#src/server/observability/logger.ts';
import { eraseExpiredCp58 } from '#src/server/personal-data/cp58-retention.ts';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { erasePayeesNoLongerNeeded } from '#src/server/personal-data/payee-retention.ts';
import { retentionPolicy } from '#src/server/personal-data/retention-policy.ts';

const DAY = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** `months` calendar months before `now` (24 months before 2026-02-29 is 2024-02-29, or the 1st of March). */
export function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

export type RetentionRun = {
  erased: number;
  anonymised: number;
  purged: number;
  accessLogPruned: number;
  payeesErased: number;
  cp58FormsErased: number;
};

/**
 * What the privacy policy promises, applied (issue 24): run beside the e-mail worker every hour.
 * 1. A talent whose every referral had its consent declined or withdrawn more than RETENTION_DECLINED_DAYS
 *    ago is erased (anonymised instead when a referral carries money: erase-talent.ts).
 * 2. A talent with no activity (their row, a referral, its history, a call proof) for
 *    RETENTION_INACTIVE_MONTHS is anonymised.
 * 3. An anonymised talent whose money trail is older than RETENTION_PAYMENT_YEARS is deleted.
 * 4. The record of access older than ACCESS_LOG_KEEP_MONTHS is deleted.
 * 5. A deactivated recruiter's payee details (Form CP58) go once no payment needs them (payee-retention.ts).
 * 6. Issued Form CP58s go RETENTION_PAYMENT_YEARS after the year they state (cp58-retention.ts).
 * Each talent is one transaction and the candidates are found afresh on every pass, so a run cut short
 * (a crash, a deploy) is finished by the next one, and two instances running at once erase each talent
 * once (the second finds it gone or already anonymised).
 */
export async function applyRetention(deps: AppDeps): Promise<RetentionRun> {
  const policy = retentionPolicy(deps.env);
  const now = deps.now();
  const run: RetentionRun = {
    erased: 0,
    anonymised: 0,
    purged: 0,
    accessLogPruned: 0,
    payeesErased: 0,
    cp58FormsErased: 0,
  };
  const system = { actorId: null, actorKind: 'SYSTEM' as const };

  const declinedBefore = new Date(now.getTime() - policy.declinedDays * DAY).toISOString();
  await eachBatch(
    () => declinedTalents(deps.db, declinedBefore),
    async (id) => {
      const { outcome, already } = await eraseTalent(deps, id, 'ERASE', { ...system, action: 'RETENTION_ERASE' });
      if (outcome === 'DELETED') run.erased += 1;
      if (outcome === 'ANONYMISED' && !already) run.anonymised += 1;
    },
  );

  const inactiveBefore = monthsBefore(now, policy.inactiveMonths).toISOString();
  await eachBatch(
    () => inactiveTalents(deps.db, inactiveBefore),
    async (id) => {
      const { outcome, already } = await eraseTalent(deps, id, 'ANONYMISE', {
        ...system,
        action: 'RETENTION_ANONYMISE',
      });
      if (outcome === 'ANONYMISED' && !already) run.anonymised += 1;
    },
  );

  const paidBefore = monthsBefore(now, policy.paymentYears * 12).toISOString();
  await eachBatch(
    () => expiredMoneyTrails(deps.db, paidBefore),
    async (id) => {
      const { outcome } = await eraseTalent(deps, id, 'PURGE', { ...system, action: 'RETENTION_ERASE' });
      if (outcome === 'DELETED') run.purged += 1;
    },
  );

  const pruned = await deps.db
    .deleteFrom('access_log')
    .where('created_at', '<', monthsBefore(now, policy.accessLogMonths).toISOString())
    .executeTakeFirst();
  run.accessLogPruned = Number(pruned.numDeletedRows);
  run.payeesErased = await erasePayeesNoLongerNeeded(deps.db, now, paidBefore);
  run.cp58FormsErased = await eraseExpiredCp58(deps.db, now, policy.paymentYears);
  return run;
}

// Batches until one comes back short. A talent that could not be erased (an error) is skipped for the
// rest of this pass, so one bad row never spins the loop; the next pass tries it again.
async function eachBatch(find: () => Promise<number[]>, handle: (id: number) => Promise<void>) {
  const failed = new Set<number>();
  for (;;) {
    const ids = (await find()).filter((id) => !failed.has(id));
    for (const id of ids) {
      try {
        await handle(id);
      } catch (error) {
        failed.add(id);
        // Only the id: never the talent's name or address.
        logger.warn({ area: 'retention', talentId: id, error: loggedError(error) }, 'talent failed');
      }
    }
    if (ids.length === 0) return;
  }
}

// A batch of the talents a query finds, oldest first.
const firstIds = (query: SelectQueryBuilder<Database, 'talents', { id: number }>) =>
  query
    .orderBy('talents.id')
    .limit(BATCH)
    .execute()
    .then((rows) => rows.map((row) => row.id));

// The talent's referrals, a correlated subquery of a query over talents (for `exists`).
const referralsOfTalent = (eb: ExpressionBuilder<Database, 'talents'>) =>
  eb.selectFrom('referrals').select('referrals.id').whereRef('referrals.talent_id', '=', 'talents.id');

/** Talents not yet erased whose referrals all had consent declined (or withdrawn) before `before`. */
function declinedTalents(db: DB, before: string): Promise<number[]> {
  return firstIds(
    db
      .selectFrom('talents')
      .select('talents.id')
      .where('talents.erased_at', 'is', null)
      .where((eb) =>
        eb.and([
          eb.exists(
            referralsOfTalent(eb)
              .where('referrals.consent_status', '=', 'DECLINED')
              .where('referrals.consent_decided_at', '<', before),
          ),
          eb.not(
            eb.exists(
              referralsOfTalent(eb).where((r) =>
                r.or([
                  r('referrals.consent_status', '!=', 'DECLINED'),
                  r('referrals.consent_decided_at', 'is', null),
                  r('referrals.consent_decided_at', '>=', before),
                ]),
              ),
            ),
          ),
        ]),
      ),
  );
}

/** Talents not yet anonymised with nothing done on them or their referrals since `before`. */
function inactiveTalents(db: DB, before: string): Promise<number[]> {
  return firstIds(
    db
      .selectFrom('talents')
      .select('talents.id')
      .where('talents.erased_at', 'is', null)
      .where('talents.updated_at', '<', before)
      .where((eb) =>
        eb.not(
          eb.exists(
            referralsOfTalent(eb).where((r) =>
              r.or([
                r('referrals.updated_at', '>=', before),
                r.exists(
                  r
                    .selectFrom('referral_history')
                    .select('referral_history.id')
                    .whereRef('referral_history.referral_id', '=', 'referrals.id')
                    .where('referral_history.created_at', '>=', before),
                ),
                r.exists(
                  r
                    .selectFrom('call_proofs')
                    .select('call_proofs.id')
                    .whereRef('call_proofs.referral_id', '=', 'referrals.id')
                    .where('call_proofs.created_at', '>=', before),
                ),
              ]),
            ),
          ),
        ),
      ),
  );
}

/** Anonymised talents whose referrals and payments were last touched before `before`. */
function expiredMoneyTrails(db: DB, before: string): Promise<number[]> {
  return firstIds(
    db
      .selectFrom('talents')
      .select('talents.id')
      .where('talents.erased_at', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            referralsOfTalent(eb)
              .leftJoin('payments', 'payments.id', 'referrals.payment_id')
              .where((r) => r.or([r('referrals.updated_at', '>=', before), r('payments.updated_at', '>=', before)])),
          ),
        ),
      ),
  );
}
