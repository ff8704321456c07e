// What `/api/recruiter/dashboard` and `/api/admin/dashboard` answer (issue 5). Money is integer minor
// units per currency; times are ISO-8601 UTC; a month is 'YYYY-MM' in the user's time zone (`timeZone`).

/** One currency's sum: a recruiter may earn in more than one currency, and they are never added up. */
export type MoneyTotal = { currency: string; amount: number };

/** Which referral a dashboard item is about: its talent and task, named. */
export type DashboardReferral = {
  referralId: number;
  talentId: number;
  talentName: string;
  taskId: number;
  taskCode: string;
  taskTitle: string;
};

/** A referral whose talent has not answered the consent link yet (oldest first). */
export type ConsentWaitingItem = DashboardReferral & {
  /** When the current consent link went out (the last resend), or the referral's time without one. */
  sentAt: string;
  /** The link's 72 hours are over: a resend is needed. */
  linkExpired: boolean;
};

/** A referral whose latest call proof an admin rejected, while its reward is still in review. */
export type RejectedCallProofItem = DashboardReferral & {
  callProofId: number;
  reason: string | null;
  reviewedAt: string | null;
};

/** One of my tasks, open, whose deadline is within the next 7 days (soonest first). */
export type ClosingTaskItem = {
  taskId: number;
  code: string;
  title: string;
  company: string;
  expiresAt: string;
  myReferrals: number;
};

export type RecruiterMonth = {
  month: string;
  referrals: number;
  consents: number;
  hires: number;
  /** Rewards (APPROVED, PENDING_PAYMENT, PAID) decided in the month. */
  earnings: MoneyTotal[];
};

export type RecruiterDashboard = {
  timeZone: string;
  todo: {
    consentWaiting: { total: number; items: ConsentWaitingItem[] };
    rejectedCallProofs: { total: number; items: RejectedCallProofItem[] };
    closingSoon: { total: number; items: ClosingTaskItem[] };
    /** Talents whose resume was dropped but whose profile was never completed ("Finish adding"). */
    halfAdded: { total: number };
  };
  thisMonth: RecruiterMonth;
  /** The last 6 months, oldest first; the last one is this month. */
  months: RecruiterMonth[];
};

export type AdminMonth = {
  month: string;
  referrals: number;
  consents: number;
  hires: number;
  /** Payments marked paid in the month. */
  paid: MoneyTotal[];
};

export type AdminDashboard = {
  timeZone: string;
  current: {
    activeRecruiters: number;
    openTasks: number;
    callProofsToReview: number;
    /** Referrals with confirmed consent whose reward is not decided yet. */
    rewardsInReview: number;
    /** Approved rewards in no payment yet. */
    approvedUnpaid: MoneyTotal[];
    /** Rewards in a payment that is not paid yet. */
    pendingPayment: MoneyTotal[];
  };
  thisMonth: AdminMonth;
  /** The last 6 months, oldest first; the last one is this month. */
  months: AdminMonth[];
};
