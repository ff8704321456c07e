import type { PaymentStatus, RewardStatus } from './enums';
import type { WithholdingMark } from './withholding-types';

// What `/api/admin/payments` answers (issue 5). Money is integer minor units plus currency; times are
// ISO-8601 UTC.

export type PaymentRow = {
  id: number;
  recruiterId: number;
  recruiterName: string;
  recruiterEmail: string;
  /** The gross: the sum of the referrals' rewards. */
  amount: number;
  currency: string;
  /** Section 107D (issue 46), fixed at creation: the rate in basis points (null: none), what is withheld, what the account receives. */
  withholdingRate: number | null;
  withheld: number;
  net: number;
  status: PaymentStatus;
  reference: string | null;
  paidAt: string | null;
  referralCount: number;
  createdBy: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type PaymentReferral = {
  id: number;
  talentName: string;
  taskId: number;
  taskCode: string;
  taskTitle: string;
  rewardStatus: RewardStatus;
  amount: number;
  currency: string;
  decidedAt: string | null;
};

export type PayoutDetails = {
  bankName: string | null;
  bankAccountName: string | null;
  bankAccountNumber: string | null;
};

export type PaymentDetail = PaymentRow & { payout: PayoutDetails; referrals: PaymentReferral[] };

/** A recruiter's APPROVED referrals that are in no payment yet, with their sums per currency. */
export type PayableRecruiter = {
  recruiterId: number;
  recruiterName: string;
  recruiterEmail: string;
  payout: PayoutDetails;
  /**
   * Section 107D: the mark a payment created now would be made under (the recruiter was paid more than the
   * threshold last year), with the rate it would withhold in basis points; null when nothing would be.
   */
  withholding: (WithholdingMark & { rate: number }) | null;
  /** One entry per currency (a payment holds one currency), largest first. */
  totals: Array<{ currency: string; amount: number; count: number }>;
  referrals: PaymentReferral[];
};

/** `POST /api/admin/payments/:id/cancel` answer: the payment is deleted, its referrals are APPROVED again. */
export type PaymentCancelled = { paymentId: number; referralIds: number[] };
