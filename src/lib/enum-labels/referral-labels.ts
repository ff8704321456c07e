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

/** A referral history line's action (`HistoryEntry.action`). */
export const HISTORY_ACTION_LABELS: Record<string, () => string> = {
  REFERRED: m.referral_action_referred,
  CONSENT_SENT: m.referral_action_consent_sent,
  CONSENT_RESENT: m.referral_action_consent_resent,
  CONSENT_CHANGED: m.referral_action_consent_changed,
  ITA_SENT: m.referral_action_ita_sent,
  NOTE_EDITED: m.referral_action_note_edited,
  ITA_CHANGED: m.referral_action_ita_changed,
  CALL_PROOF_ADDED: m.referral_action_call_proof_added,
  CALL_PROOF_DELETED: m.referral_action_call_proof_deleted,
  CALL_PROOF_REVIEWED: m.referral_action_call_proof_reviewed,
  HIRING_CHANGED: m.referral_action_hiring_changed,
  REWARD_CHANGED: m.referral_action_reward_changed,
};

/** The states a history action's from/to values name, so "PENDING → CONFIRMED" reads in the user's language. */
export const HISTORY_VALUE_LABELS: Record<string, Record<string, () => string>> = {
  REFERRED: HIRING_LABELS,
  CONSENT_SENT: CONSENT_LABELS,
  CONSENT_RESENT: CONSENT_LABELS,
  CONSENT_CHANGED: CONSENT_LABELS,
  ITA_CHANGED: ITA_LABELS,
  ITA_SENT: ITA_LABELS,
  HIRING_CHANGED: HIRING_LABELS,
  REWARD_CHANGED: REWARD_LABELS,
  CALL_PROOF_ADDED: CALL_PROOF_LABELS,
  CALL_PROOF_DELETED: CALL_PROOF_LABELS,
  CALL_PROOF_REVIEWED: CALL_PROOF_LABELS,
};
