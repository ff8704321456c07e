import { m } from '#src/paraglide/messages.js';
import type { RewardStatus } from './enums';

// The reward states' messages, IN_REVIEW for a reward not decided yet: one map for the app's screens and the
// talent's data document (a map, not a dynamic key lookup, so the bundler keeps only the messages used).
export const REWARD_MESSAGES = {
  IN_REVIEW: m.reward_in_review,
  APPROVED: m.reward_approved,
  REJECTED: m.reward_rejected,
  INELIGIBLE: m.reward_ineligible,
  NOT_VALID: m.reward_not_valid,
  EXCEED_QUOTA: m.reward_exceed_quota,
  PENDING_PAYMENT: m.reward_pending_payment,
  PAID: m.reward_paid,
} satisfies Record<RewardStatus | 'IN_REVIEW', unknown>;
