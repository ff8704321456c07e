import * as v from 'valibot';
import type { CompanyAnswer } from './company-schemas';
import { MONTH_PATTERN } from './constants';
import { idField } from './form-fields';

// Issue 27: the referral funnel, the recruiter scorecard and the money views (`/api/admin/insight/*`,
// `/api/recruiter/scorecard`). Every figure comes from counters kept by the writes (migration 017).
// Months are 'YYYY-MM', calendar months in Malaysia time (UTC+8): the month a referral was made (funnel),
// the month a reward was decided or a payment was paid (money). Money is integer minor units per currency,
// never added across currencies. A rate is a share from 0 to 1, or null when there is nothing to divide.

export { MONTH_PATTERN } from './constants';

const monthField = () => v.optional(v.pipe(v.string(), v.regex(MONTH_PATTERN, 'field_invalid')));

/**
 * `GET /api/admin/insight/funnel` (and `.csv`): referrals made from `from` to `to` (months, both
 * included; default: the last 12 months up to this one), of everyone or of one task, one promo, one
 * recruiter or one hiring company (its tasks' referrals) (at most one of the four; more is a 400
 * `field_invalid`).
 */
export const funnelQuerySchema = v.pipe(
  v.object({
    from: monthField(),
    to: monthField(),
    taskId: v.optional(idField()),
    promoId: v.optional(idField()),
    recruiterId: v.optional(idField()),
    companyId: v.optional(idField()),
  }),
  v.check(
    (q) => [q.taskId, q.promoId, q.recruiterId, q.companyId].filter((id) => id !== undefined).length <= 1,
    'field_invalid',
  ),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'field_invalid'),
);
export type FunnelQuery = v.InferOutput<typeof funnelQuerySchema>;

/** `GET /api/admin/insight/money`: months from `from` to `to` (default: the last 12 months). */
export const moneyQuerySchema = v.pipe(
  v.object({ from: monthField(), to: monthField() }),
  v.check((q) => !q.from || !q.to || q.from <= q.to, 'field_invalid'),
);
export type MoneyQuery = v.InferOutput<typeof moneyQuerySchema>;

/**
 * The funnel's steps, in order. SHARED (put before the hiring company on a review link, issue 45) is a
 * branch of CONSENT rather than a gate: an admin may move a referral to screening without sharing it, so
 * SCREENING's conversion is from CONSENT, not from SHARED (`CONVERSION_FROM`).
 */
export const FUNNEL_STEPS = ['REFERRED', 'CONSENT', 'SHARED', 'SCREENING', 'INTERVIEW', 'OFFERED', 'HIRED'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** The step a step's conversion is counted from, where it is not the step before. */
export const CONVERSION_FROM: Partial<Record<FunnelStep, FunnelStep>> = { SCREENING: 'CONSENT' };

export type FunnelScopeKind = 'all' | 'task' | 'promo' | 'recruiter' | 'company';

export type FunnelStepFigures = {
  step: FunnelStep;
  /**
   * Referrals that reached this step. REFERRED: all. CONSENT: the talent confirmed (or the referral moved
   * past SUBMITTED, which needs consent, even if it was withdrawn since). SHARED: of those, the ones ever
   * put on a hiring company's review link (taken off since or not). Later steps: the hiring status reached,
   * counting a REJECTED or WITHDRAWN referral at the stage it closed at. Never more than the step its
   * conversion is counted from.
   */
  reached: number;
  /**
   * reached / the reached of the step before (SCREENING: of CONSENT, `CONVERSION_FROM`); null for REFERRED
   * or when that step has none.
   */
  conversion: number | null;
  /**
   * Closed at this step: REJECTED or WITHDRAWN while it held this stage (REFERRED: before consent was
   * confirmed; CONSENT: after it, still SUBMITTED). SHARED is no stage of its own: 0.
   */
  rejected: number;
  withdrawn: number;
  /** CONSENT only: the talent declined (else 0). */
  declined: number;
  /**
   * The median time to reach this step from the step before (CONSENT: hours from the referral to the
   * talent's answer, confirmed or declined; later steps: whole days since the stage before it reached,
   * skipped stages left out). Null for REFERRED and SHARED (the company's answer time is `company`), or
   * when none reached it with a time.
   */
  median: number | null;
  unit: 'hours' | 'days' | null;
};

export type FunnelAnswer = {
  from: string;
  to: string;
  scope: { kind: FunnelScopeKind; id: number | null; label: string | null };
  steps: FunnelStepFigures[];
  consent: {
    confirmed: number;
    declined: number;
    pending: number;
    /** (confirmed + declined) / referred. */
    answerRate: number | null;
    /** The median hours from the referral to the talent's answer. */
    medianHours: number | null;
  };
  callProofs: { accepted: number; rejected: number; acceptanceRate: number | null };
  /** The hiring companies' answers about the SHARED referrals (issue 45). */
  company: {
    /** SHARED's reached. */
    shared: number;
    /** Of those, the ones a company answered. */
    answered: number;
    /** answered / shared. */
    answerRate: number | null;
    /**
     * The median hours from a referral's first sharing to the company's first answer about it, to a tenth
     * (the mean of the middle two for an even count); null when none was answered.
     */
    medianAnswerHours: number | null;
    /** The first answers, by kind. */
    answers: Record<CompanyAnswer, number>;
  };
  /** One entry per month of the period, oldest first, zeros included: for the chart. */
  months: { month: string; referred: number; consented: number; hired: number }[];
};

export type MoneyCount = { count: number; amount: number };

export type MoneyAnswer = {
  from: string;
  to: string;
  /**
   * Per month of the period (oldest first) and currency: rewards decided that month as approved (APPROVED,
   * PENDING_PAYMENT or PAID now), rewards refused that month (REJECTED, INELIGIBLE, NOT_VALID, EXCEED_QUOTA:
   * a count, no money), and rewards paid that month (the referrals in payments marked paid that month, with
   * those payments' amount). Months with nothing are left out. A refused
   * reward fixes no currency: refusals are counted on the month's entry of currency '' (which has no money).
   */
  months: { month: string; currency: string; approved: MoneyCount; refused: number; paid: MoneyCount }[];
  /** Approved and not yet paid (APPROVED and PENDING_PAYMENT), now, whenever decided: per currency. */
  liability: { currency: string; approved: MoneyCount; pendingPayment: MoneyCount }[];
  /**
   * Promos that overlap the period (newest first): what they brought (referrals made while they ran on
   * their tasks, and hires among them) and what those referrals cost (rewards approved, pending payment
   * or paid, per currency; `bonus` is the promo's own part: its bonus times the rewards in its currency).
   */
  promos: {
    promoId: number;
    title: string;
    startsAt: string;
    endsAt: string;
    referred: number;
    hires: number;
    cost: (MoneyCount & { currency: string; bonus: number; perHire: number | null })[];
  }[];
};

// ------------------------------------------------------------------------------------------ scorecard

/** No score below this many referrals: a few outcomes say little about a recruiter. */
export const MIN_SCORED_REFERRALS = 10;

export const SCORE_PARTS = ['consent', 'progress', 'interview', 'hire', 'proofs', 'clean'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

/**
 * The score (0–100) is the weighted mean of these rates, each from 0 to 1. A part with nothing to measure
 * (a zero denominator) is left out and the others' weights count in full.
 * - consent (20): referrals whose talent confirmed consent / referrals;
 * - progress (20): referrals that reached screening / consents confirmed;
 * - interview (20): referrals that reached interview / consents confirmed;
 * - hire (15): hires / consents confirmed, in full at one hire per four consents (`HIRE_RATE_FOR_FULL`);
 * - proofs (10): call proofs accepted / call proofs reviewed;
 * - clean (15): 1 − (rewards refused as NOT_VALID or INELIGIBLE + duplicates refused) / (referrals + duplicates refused).
 */
export const SCORE_WEIGHTS: Record<ScorePart, number> = {
  consent: 20,
  progress: 20,
  interview: 20,
  hire: 15,
  proofs: 10,
  clean: 15,
};
export const HIRE_RATE_FOR_FULL = 0.25;

/** What the scorecard is made of: one recruiter's outcomes, all time (`recruiter_scores`). */
export type ScoreCounts = {
  referred: number;
  consentAnswered: number;
  consentConfirmed: number;
  reachedScreening: number;
  reachedInterview: number;
  reachedOffered: number;
  hired: number;
  rewardsInvalid: number;
  proofsAccepted: number;
  proofsRejected: number;
  duplicatesRefused: number;
};

export type ScoreLine = {
  part: ScorePart;
  weight: number;
  /** Null: nothing to measure yet (left out of the score). */
  rate: number | null;
  numerator: number;
  denominator: number;
};

export type Scorecard = {
  recruiterId: number;
  minReferrals: number;
  /** Null below `minReferrals` referrals. */
  score: number | null;
  counts: ScoreCounts;
  lines: ScoreLine[];
  /** The parts that would raise the score most (largest weight × (1 − rate)), at most two. */
  raise: ScorePart[];
};

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** The score's lines from the counts: the one definition the server, the list's sort and the screens use. */
export function scoreLines(c: ScoreCounts): ScoreLine[] {
  const line = (part: ScorePart, numerator: number, denominator: number, rate?: (r: number) => number): ScoreLine => ({
    part,
    weight: SCORE_WEIGHTS[part],
    numerator,
    denominator,
    rate: denominator > 0 ? clamp01(rate ? rate(numerator / denominator) : numerator / denominator) : null,
  });
  const refused = c.rewardsInvalid + c.duplicatesRefused;
  return [
    line('consent', c.consentConfirmed, c.referred),
    line('progress', c.reachedScreening, c.consentConfirmed),
    line('interview', c.reachedInterview, c.consentConfirmed),
    line('hire', c.hired, c.consentConfirmed, (r) => r / HIRE_RATE_FOR_FULL),
    line('proofs', c.proofsAccepted, c.proofsAccepted + c.proofsRejected),
    line('clean', c.referred + c.duplicatesRefused - refused, c.referred + c.duplicatesRefused),
  ];
}

export function scorecardOf(recruiterId: number, counts: ScoreCounts): Scorecard {
  const lines = scoreLines(counts);
  const measured = lines.filter((l) => l.rate !== null);
  const weight = measured.reduce((sum, l) => sum + l.weight, 0);
  const score =
    counts.referred < MIN_SCORED_REFERRALS || weight === 0
      ? null
      : Math.round((100 * measured.reduce((sum, l) => sum + l.weight * (l.rate ?? 0), 0)) / weight);
  const raise = measured
    .map((l) => ({ part: l.part, gain: l.weight * (1 - (l.rate ?? 0)) }))
    .filter((g) => g.gain > 0.5)
    .sort((a, b) => b.gain - a.gain)
    .slice(0, 2)
    .map((g) => g.part);
  return { recruiterId, minReferrals: MIN_SCORED_REFERRALS, score, counts, lines, raise };
}
