import { sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import type { ConsentStatus, HiringStatus } from '#src/shared/enums.ts';

/** Statuses to count referrals by; `reward` IN_REVIEW is no decision yet, `call` NEED_REVIEW a proof waiting. */
export type StatusCount = {
  hiring?: HiringStatus;
  consent?: ConsentStatus;
  reward?: string;
  call?: string;
};

/**
 * How many referrals hold these statuses: the sum of the referral_counts rows (migration 007, kept by
 * triggers) that match, a few hundred rows at most, where a count(*) reads up to a million index entries.
 * For the admin's hiring-status total and the admin dashboard.
 */
export async function countReferralsByStatus(db: DB, filter: StatusCount): Promise<number> {
  const conditions = [sql<boolean>`true`];
  if (filter.hiring) conditions.push(sql`hiring_status = ${filter.hiring}`);
  if (filter.consent) conditions.push(sql`consent_status = ${filter.consent}`);
  if (filter.reward === 'IN_REVIEW') conditions.push(sql`reward_status = ''`);
  else if (filter.reward) conditions.push(sql`reward_status = ${filter.reward}`);
  if (filter.call === 'NEED_REVIEW') conditions.push(sql`to_review = 1`);
  const { rows } = await sql<{ n: number | string | null }>`
    select sum(n) as n from referral_counts where ${sql.join(conditions, sql` and `)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
