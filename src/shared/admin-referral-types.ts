import type { EducationLevel, HiringStatus, PaymentStatus, RewardStatus, TaskStatus } from './enums';
import type { Scorecard } from './insight';
import type { CallProofItem, HistoryEntry, ReferralDetailFields, ReferralSummary } from './recruiter-types';

// What `/api/admin/referrals` answers (issue 5, hiring status screen). Money is integer minor units plus
// currency; times are ISO-8601 UTC.

export type PersonRef = { id: number; name: string };

/** A row of the admin's referral list: the recruiter's summary plus whose referral it is. */
export type AdminReferralRow = ReferralSummary & {
  recruiterId: number;
  recruiterName: string;
  recruiterEmail: string;
  rewardDecidedAt: string | null;
  paymentId: number | null;
};

export type AdminCallProofItem = CallProofItem & { reviewedBy: PersonRef | null };

export type AdminReferralDetail = AdminReferralRow &
  ReferralDetailFields & {
    rewardDecidedBy: PersonRef | null;
    /** What the admin decides with, on the referral's screen (issue 21): the talent's facts and CV. */
    talent: {
      educationLevel: EducationLevel;
      yearsOfExperience: number | null;
      currentPosition: string | null;
      skills: string[];
      languages: string[];
      /** The CV, read through `GET /api/files/:id` (inline for PDF and images). */
      resume: { id: number; name: string; mimeType: string; size: number } | null;
    };
    task: {
      id: number;
      code: string;
      title: string;
      company: string;
      status: TaskStatus;
      rewardAmount: number;
      rewardCurrency: string;
      quota: number;
      /** Referrals of the task whose reward is APPROVED, PENDING_PAYMENT or PAID. */
      quotaUsed: number;
    };
    /** The promo running when the referral was made (its bonus is added at approval). */
    promo: { id: number; title: string; bonusAmount: number; bonusCurrency: string } | null;
    payment: { id: number; status: PaymentStatus; reference: string | null; paidAt: string | null } | null;
    /** What APPROVED would fix now: the task's reward plus the promo bonus. */
    rewardIfApproved: { amount: number; currency: string };
    /** Hiring statuses the referral may move to now (empty once final). */
    hiringNext: HiringStatus[];
    /**
     * False once the referral is in a payment (PENDING_PAYMENT or PAID): the decision is final; and once
     * the talent withdrew their consent (`consentWithdrawnAt`): the reward is closed (issue 42.14).
     */
    rewardDecidable: boolean;
    /** APPROVED needs the talent's confirmed consent. */
    approvable: boolean;
    /**
     * The talent withdrew their consent (`consentWithdrawnAt`): the WITHDRAWAL request it opened, and when
     * the talent's data is erased (`eraseBy`, the request's due date), unless another referral of theirs
     * still holds it (`keptByOthers`: the retention job erases a talent once consent to every referral
     * has ended). Null when they did not withdraw.
     */
    withdrawal: {
      requestId: number;
      status: 'OPEN' | 'DONE' | 'REFUSED';
      eraseBy: string;
      closedAt: string | null;
      keptByOthers: boolean;
    } | null;
    callProofList: AdminCallProofItem[];
    history: HistoryEntry[];
    /** The referring recruiter's scorecard (issue 27), beside the reward decision. */
    recruiterScorecard: Scorecard;
  };

/** `POST /api/admin/referrals/:id/hiring-status` answer. */
export type HiringChanged = { referralId: number; hiringStatus: HiringStatus; hiringNext: HiringStatus[] };

/** One reward decision as stored: APPROVED may have become EXCEED_QUOTA. */
export type RewardDecided = {
  referralId: number;
  rewardStatus: RewardStatus;
  /** Fixed at approval; null for the other outcomes. */
  rewardAmount: number | null;
  rewardCurrency: string | null;
  rewardReason: string | null;
  decidedAt: string;
};

/** `POST /api/admin/referrals/reward/bulk/summary` answer: what approving a selection would do. */
export type BulkApproveSummary = {
  count: number;
  /** What APPROVED would fix for the approvable ones, summed per currency (minor units). */
  totals: Array<{ currency: string; amount: number }>;
  /** Referrals with at least one call proof still waiting for review. */
  proofsPending: number;
  /** Referrals without the talent's confirmed consent: approving them is refused. */
  withoutConsent: number;
};

/** `POST /api/admin/referrals/reward/bulk` answer: one result per referral, in the order asked. */
export type BulkRewardResult = {
  results: Array<
    | ({ ok: true } & RewardDecided)
    | { ok: false; referralId: number; code: string; message: string; fields?: Record<string, string> }
  >;
  /** How many ended in each outcome, and how many were refused. */
  counts: Partial<Record<RewardStatus, number>> & { refused: number };
};
