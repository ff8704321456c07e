import { currentIntlLocale } from '#src/lib/locale.ts';
import { m } from '#src/paraglide/messages.js';
import type { Scorecard, ScorePart } from '#src/shared/insight.ts';

// The scorecard's words, shared by its full and compact faces. Two audiences: the recruiter reads about
// their own work ("you"), an admin about someone else's (neutral), so the advice is worded twice.

export type ScorecardAudience = 'recruiter' | 'admin';

export const PART_NAMES: Record<ScorePart, () => string> = {
  consent: m.scorecard_part_consent,
  progress: m.scorecard_part_progress,
  interview: m.scorecard_part_interview,
  hire: m.scorecard_part_hire,
  proofs: m.scorecard_part_proofs,
  clean: m.scorecard_part_clean,
};

export const PART_MEASURES: Record<ScorePart, () => string> = {
  consent: m.scorecard_measures_consent,
  progress: m.scorecard_measures_progress,
  interview: m.scorecard_measures_interview,
  hire: m.scorecard_measures_hire,
  proofs: m.scorecard_measures_proofs,
  clean: m.scorecard_measures_clean,
};

export const PART_TIPS: Record<ScorecardAudience, Record<ScorePart, () => string>> = {
  recruiter: {
    consent: m.scorecard_tip_you_consent,
    progress: m.scorecard_tip_you_progress,
    interview: m.scorecard_tip_you_interview,
    hire: m.scorecard_tip_you_hire,
    proofs: m.scorecard_tip_you_proofs,
    clean: m.scorecard_tip_you_clean,
  },
  admin: {
    consent: m.scorecard_tip_admin_consent,
    progress: m.scorecard_tip_admin_progress,
    interview: m.scorecard_tip_admin_interview,
    hire: m.scorecard_tip_admin_hire,
    proofs: m.scorecard_tip_admin_proofs,
    clean: m.scorecard_tip_admin_clean,
  },
};

/** "72 / 100", or "No score yet" below the minimum referrals. */
export function scoreText(score: number | null): string {
  return score === null ? m.scorecard_none_short() : m.scorecard_value({ score: String(score) });
}

/** Why there is no score yet, with the referrals made so far (plural-aware). */
export function noScoreText(scorecard: Scorecard, audience: ScorecardAudience): string {
  const input = { min: String(scorecard.minReferrals), count: scorecard.counts.referred };
  return audience === 'recruiter' ? m.scorecard_none_you(input) : m.scorecard_none_admin(input);
}

/** A rate from 0 to 1 as a whole percent in the interface's language ("72%", "72 %"). */
export function formatRate(rate: number): string {
  return new Intl.NumberFormat(currentIntlLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(rate);
}
