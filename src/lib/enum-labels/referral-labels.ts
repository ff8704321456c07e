import { m } from '#src/paraglide/messages.js';
import type {
  AppLocale,
  CallProofStatus,
  ConsentStatus,
  HiringStatus,
  ItaStatus,
  RewardStatus,
} from '#src/shared/enums.ts';
import { CONSENT_MESSAGES, HIRING_MESSAGES } from '#src/shared/referral-status-messages.ts';
import { REWARD_MESSAGES } from '#src/shared/reward-messages.ts';

// Localised labels of the shared enums, one file per area so a screen loads only its own. Maps, not
// dynamic key lookups, so the bundler keeps what is used.

/** A label in the screen's language, or in a given one (`{ locale }`: the server's notification texts). */
type Label = (inputs?: Record<string, never>, options?: { locale?: AppLocale }) => string;

export const CONSENT_LABELS: Record<ConsentStatus, () => string> = CONSENT_MESSAGES;

export const ITA_LABELS: Record<ItaStatus, () => string> = {
  NOT_SENT: m.ita_not_sent,
  SENT: m.ita_sent,
  CONFIRMED: m.ita_confirmed,
  DECLINED: m.ita_declined,
};

export const HIRING_LABELS: Record<HiringStatus, Label> = HIRING_MESSAGES;

/** Reward states, with IN_REVIEW for a reward not decided yet (null). */
export const REWARD_LABELS: Record<RewardStatus | 'IN_REVIEW', Label> = REWARD_MESSAGES;

export const CALL_PROOF_LABELS: Record<CallProofStatus, () => string> = {
  NEED_REVIEW: m.call_proof_need_review,
  ACCEPTED: m.call_proof_accepted,
  REJECTED: m.call_proof_rejected,
};

/** Each state of a referral's, by name, with its labels: what a history line's from/to values are states of. */
export const REFERRAL_STATE_LABELS = {
  consent: CONSENT_LABELS,
  ita: ITA_LABELS,
  hiring: HIRING_LABELS,
  reward: REWARD_LABELS,
  callProof: CALL_PROOF_LABELS,
};
export type ReferralState = keyof typeof REFERRAL_STATE_LABELS;
