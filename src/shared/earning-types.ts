import type { MoneyTotal } from './dashboard-types';
import type { PaymentStatus, RewardStatus } from './enums';

// What `/api/recruiter/earning` answers (issue 5): the signed-in recruiter's money trail. Money is integer
// minor units per currency; times are ISO-8601 UTC; a month is 'YYYY-MM' in the user's time zone.

export const REWARDED_STATUSES = ['APPROVED', 'PENDING_PAYMENT', 'PAID'] as const;
export type RewardedStatus = (typeof REWARDED_STATUSES)[number];

export const NOT_REWARDED_STATUSES = ['REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA'] as const;
export type NotRewardedStatus = (typeof NOT_REWARDED_STATUSES)[number];

export type EarningSummary = {
  timeZone: string;
  /** One entry per rewarded status, in the order APPROVED, PENDING_PAYMENT, PAID. */
  totals: Array<{ status: RewardedStatus; count: number; amounts: MoneyTotal[] }>;
  /** One entry per non-rewarded outcome, in the order REJECTED, INELIGIBLE, NOT_VALID, EXCEED_QUOTA. */
  outcomes: Array<{ status: NotRewardedStatus; count: number }>;
  /** Referrals whose reward is not decided yet. */
  inReview: number;
  /** Rewards decided per month over the last 12 months, oldest first; the last one is this month. */
  months: Array<{ month: string; count: number; amounts: MoneyTotal[] }>;
};

export type EarningPaymentRef = {
  id: number;
  status: PaymentStatus;
  reference: string | null;
  paidAt: string | null;
};

export type EarningReferral = {
  id: number;
  talentId: number;
  talentName: string;
  taskId: number;
  taskCode: string;
  taskTitle: string;
  rewardStatus: RewardStatus;
  /** The amount fixed at approval; null for a non-rewarded outcome. */
  amount: number | null;
  currency: string | null;
  reason: string | null;
  decidedAt: string | null;
  payment: EarningPaymentRef | null;
};

export type MyPayment = {
  id: number;
  status: PaymentStatus;
  /** The gross: the sum of the rewards it pays. */
  amount: number;
  currency: string;
  /** Section 107D (issue 46): the rate withheld in basis points (null: none), the amount withheld, the net paid. */
  withholdingRate: number | null;
  withheld: number;
  net: number;
  reference: string | null;
  paidAt: string | null;
  createdAt: string;
  referralCount: number;
};
