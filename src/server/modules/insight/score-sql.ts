import { type RawBuilder, sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { HIRE_RATE_FOR_FULL, MIN_SCORED_REFERRALS, SCORE_WEIGHTS, type ScorePart } from '#src/shared/insight.ts';

// Issue 27: the scorecard's score as SQL over recruiter_scores (`s.`), for the admin recruiter list's
// sort=SCORE. It repeats scoreLines/scorecardOf (src/shared/insight.ts) operation by operation, in the
// same order, in double precision, so a list sorted by it is in the order of the scores the page shows:
// each rate is numerator / denominator clamped to 0..1 (the hire rate divided by HIRE_RATE_FOR_FULL first),
// a part with a zero denominator adds nothing and its weight is left out of the divisor, and the mean is
// rounded half up (Math.round; scores are never negative, so truncating x + 0.5 is the same). Null below
// MIN_SCORED_REFERRALS referrals or without a row (no referrals): such recruiters sort last.

type Part = { part: ScorePart; numerator: string; denominator: string; scale?: number };

const PARTS: Part[] = [
  { part: 'consent', numerator: 's.consent_confirmed', denominator: 's.referred' },
  { part: 'progress', numerator: 's.reached_screening', denominator: 's.consent_confirmed' },
  { part: 'interview', numerator: 's.reached_interview', denominator: 's.consent_confirmed' },
  { part: 'hire', numerator: 's.hired', denominator: 's.consent_confirmed', scale: HIRE_RATE_FOR_FULL },
  { part: 'proofs', numerator: 's.proofs_accepted', denominator: '(s.proofs_accepted + s.proofs_rejected)' },
  {
    part: 'clean',
    numerator: '(s.referred + s.duplicates_refused - (s.rewards_invalid + s.duplicates_refused))',
    denominator: '(s.referred + s.duplicates_refused)',
  },
];

/** The score (an integer 0–100, or null) of the recruiter_scores row aliased `s`. */
export function scoreSql(db: DB): RawBuilder<number | null> {
  const pg = isPostgres(db);
  const real = (x: string) => `cast(${x} as ${pg ? 'double precision' : 'real'})`;
  const clamp = (x: string) => (pg ? `least(1.0, greatest(0.0, ${x}))` : `min(1.0, max(0.0, ${x}))`);
  const rate = (p: Part) => {
    const share = `${real(p.numerator)} / ${p.denominator}`;
    return clamp(p.scale ? `(${share}) / ${p.scale}` : share);
  };
  const weighted = PARTS.map(
    (p) => `(case when ${p.denominator} > 0 then ${SCORE_WEIGHTS[p.part]} * ${rate(p)} else 0.0 end)`,
  );
  const weight = PARTS.map((p) => `(case when ${p.denominator} > 0 then ${SCORE_WEIGHTS[p.part]} else 0 end)`);
  const mean = `(100 * (0.0 + ${weighted.join(' + ')})) / (${weight.join(' + ')})`;
  const rounded = pg ? `floor(${mean} + 0.5)` : `cast(${mean} + 0.5 as integer)`;
  return sql.raw<number | null>(
    `(case when s.referred >= ${MIN_SCORED_REFERRALS} and (${weight.join(' + ')}) > 0 then ${rounded} end)`,
  );
}
