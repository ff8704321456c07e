import * as v from 'valibot';
import {
  CALL_FILTERS,
  CONSENT_FILTERS,
  type ConsentStatus,
  HIRING_STATUSES,
  type HiringStatus,
  REWARD_FILTERS,
} from './enums';
import { idField, optionalText } from './form-fields';
import { listPageEntries, searchEntry } from './list-query';

// Admin hiring status screen (issue 5): the rules of PRODUCT.md "Rules and state machines", shared so the
// screens offer only what the server accepts.

/**
 * Hiring status moves one step forward (SUBMITTED → SCREENING → INTERVIEW → OFFERED → HIRED), or from any
 * non-final state to REJECTED or WITHDRAWN. HIRED, REJECTED and WITHDRAWN are final.
 */
export const HIRING_TRANSITIONS: Readonly<Record<HiringStatus, readonly HiringStatus[]>> = {
  SUBMITTED: ['SCREENING', 'REJECTED', 'WITHDRAWN'],
  SCREENING: ['INTERVIEW', 'REJECTED', 'WITHDRAWN'],
  INTERVIEW: ['OFFERED', 'REJECTED', 'WITHDRAWN'],
  OFFERED: ['HIRED', 'REJECTED', 'WITHDRAWN'],
  HIRED: [],
  REJECTED: [],
  WITHDRAWN: [],
};

export const canMoveHiring = (from: HiringStatus, to: HiringStatus) => HIRING_TRANSITIONS[from].includes(to);

/** A move that ends the application (REJECTED, WITHDRAWN): open to a referral whatever its consent. */
const closesApplication = (to: HiringStatus) => to === 'REJECTED' || to === 'WITHDRAWN';

/**
 * The moves open to a referral: a move forward (Screening and on) puts the talent before the hiring
 * company, which the privacy policy promises happens only once the talent has confirmed consent; ending
 * the application is always open (a talent who declines or withdraws is not put forward).
 */
export const hiringMovesFor = (from: HiringStatus, consent: ConsentStatus): HiringStatus[] =>
  HIRING_TRANSITIONS[from].filter((to) => consent === 'CONFIRMED' || closesApplication(to));

/** What an admin decides; EXCEED_QUOTA is never chosen, it is what APPROVED becomes when the quota is full. */
export const REWARD_DECISIONS = ['APPROVED', 'REJECTED', 'INELIGIBLE', 'NOT_VALID'] as const;
export type RewardDecision = (typeof REWARD_DECISIONS)[number];

export const CALL_PROOF_DECISIONS = ['ACCEPTED', 'REJECTED'] as const;
export type CallProofDecision = (typeof CALL_PROOF_DECISIONS)[number];

export const ADMIN_REASON_MAX = 500;
/** At most this many referrals in one bulk reward decision (the largest page). */
export const BULK_REWARD_MAX = 50;

/** `GET /api/admin/referrals` query. */
export const adminReferralListQuerySchema = v.object({
  ...searchEntry,
  taskId: v.optional(idField('field_invalid')),
  recruiterId: v.optional(idField('field_invalid')),
  hiring: v.optional(v.picklist(HIRING_STATUSES, 'field_invalid')),
  consent: v.optional(v.picklist(CONSENT_FILTERS, 'field_invalid')),
  reward: v.optional(v.picklist(REWARD_FILTERS, 'field_invalid')),
  call: v.optional(v.picklist(CALL_FILTERS, 'field_invalid'), 'ALL'),
  ...listPageEntries,
});
export type AdminReferralListQuery = v.InferOutput<typeof adminReferralListQuerySchema>;
export type AdminReferralListSearch = v.InferInput<typeof adminReferralListQuerySchema>;

/** The hiring statuses a referral never leaves; a move to one of them needs a reason (issue 21). */
export const FINAL_HIRING_STATUSES: readonly HiringStatus[] = ['HIRED', 'REJECTED', 'WITHDRAWN'];
export const isFinalHiring = (status: HiringStatus) => FINAL_HIRING_STATUSES.includes(status);

/**
 * `POST /api/admin/referrals/:id/hiring-status`. The reason is sent to the recruiter and kept in the
 * referral's history; a final move without one is refused (reported on the reason field).
 */
export const hiringStatusChangeSchema = v.pipe(
  v.object({
    to: v.picklist(HIRING_STATUSES, 'field_required'),
    reason: optionalText(ADMIN_REASON_MAX),
  }),
  v.forward(
    v.partialCheck(
      [['to'], ['reason']],
      (input) => !isFinalHiring(input.to) || Boolean(input.reason),
      'field_required',
    ),
    ['reason'],
  ),
);
export type HiringStatusChangeInput = v.InferInput<typeof hiringStatusChangeSchema>;

// A reason is required for every outcome but the positive one (reported on the reason field).
const reasonGiven = (positive: string) => (input: { decision: string; reason?: string }) =>
  input.decision === positive || Boolean(input.reason);

/** `POST /api/admin/referrals/call-proofs/:id/review`: a reason is required to reject. */
export const callProofReviewSchema = v.pipe(
  v.object({
    decision: v.picklist(CALL_PROOF_DECISIONS, 'field_required'),
    reason: optionalText(ADMIN_REASON_MAX),
  }),
  v.forward(v.partialCheck([['decision'], ['reason']], reasonGiven('ACCEPTED'), 'field_required'), ['reason']),
);
export type CallProofReviewInput = v.InferInput<typeof callProofReviewSchema>;

const rewardDecisionEntries = {
  decision: v.picklist(REWARD_DECISIONS, 'field_required'),
  reason: optionalText(ADMIN_REASON_MAX),
};

/** `POST /api/admin/referrals/:id/reward`: a reason is required unless APPROVED. */
export const rewardDecisionSchema = v.pipe(
  v.object(rewardDecisionEntries),
  v.forward(v.partialCheck([['decision'], ['reason']], reasonGiven('APPROVED'), 'field_required'), ['reason']),
);
export type RewardDecisionInput = v.InferInput<typeof rewardDecisionSchema>;

const bulkReferralIds = v.pipe(
  v.array(idField('field_invalid'), 'field_required'),
  v.minLength(1, 'field_required'),
  v.maxLength(BULK_REWARD_MAX, 'field_too_long'),
  v.transform((ids) => [...new Set(ids)]),
);

/** `POST /api/admin/referrals/reward/bulk/summary`: what approving a selection would do, before it is done. */
export const bulkSummarySchema = v.object({ referralIds: bulkReferralIds });

/** `POST /api/admin/referrals/reward/bulk`: one decision for a selection, each referral decided on its own. */
export const bulkRewardSchema = v.pipe(
  v.object({
    referralIds: bulkReferralIds,
    ...rewardDecisionEntries,
  }),
  v.forward(v.partialCheck([['decision'], ['reason']], reasonGiven('APPROVED'), 'field_required'), ['reason']),
);
export type BulkRewardInput = v.InferInput<typeof bulkRewardSchema>;
