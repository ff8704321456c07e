import type { DB } from '#src/server/db/connect.ts';
import { SCORE_COUNTS } from '#src/server/db/insight-counters-sql.ts';
import { type ScoreCounts, type Scorecard, scorecardOf } from '#src/shared/insight.ts';

// Issue 27: a recruiter's scorecard, from their one row of recruiter_scores (kept by triggers on
// referrals, migration 017; duplicates_refused by the referral call). No row yet: no referrals.

const COLUMNS = ['recruiter_id', ...SCORE_COUNTS, 'duplicates_refused'] as const;

type ScoreRow = { [K in (typeof COLUMNS)[number]]: number | string | bigint };

const EMPTY: ScoreCounts = {
  referred: 0,
  consentAnswered: 0,
  consentConfirmed: 0,
  reachedScreening: 0,
  reachedInterview: 0,
  reachedOffered: 0,
  hired: 0,
  rewardsInvalid: 0,
  proofsAccepted: 0,
  proofsRejected: 0,
  duplicatesRefused: 0,
};

const countsOf = (row: ScoreRow): ScoreCounts => ({
  referred: Number(row.referred),
  consentAnswered: Number(row.consent_answered),
  consentConfirmed: Number(row.consent_confirmed),
  reachedScreening: Number(row.reached_screening),
  reachedInterview: Number(row.reached_interview),
  reachedOffered: Number(row.reached_offered),
  hired: Number(row.hired),
  rewardsInvalid: Number(row.rewards_invalid),
  proofsAccepted: Number(row.proofs_accepted),
  proofsRejected: Number(row.proofs_rejected),
  duplicatesRefused: Number(row.duplicates_refused),
});

/** The scorecards of these recruiters (one primary-key read), by id; every id gets one. */
export async function scorecardsOf(db: DB, recruiterIds: number[]): Promise<Map<number, Scorecard>> {
  const found = new Map<number, ScoreCounts>();
  if (recruiterIds.length > 0) {
    const rows = await db
      .selectFrom('recruiter_scores')
      .select(COLUMNS)
      .where('recruiter_id', 'in', recruiterIds)
      .execute();
    for (const row of rows) found.set(Number(row.recruiter_id), countsOf(row));
  }
  return new Map(recruiterIds.map((id) => [id, scorecardOf(id, found.get(id) ?? EMPTY)]));
}

export async function scorecardOfRecruiter(db: DB, recruiterId: number): Promise<Scorecard> {
  return (await scorecardsOf(db, [recruiterId])).get(recruiterId) as Scorecard;
}
