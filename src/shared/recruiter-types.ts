import type {
  CallProofStatus,
  CandidateLanguage,
  ConsentStatus,
  EducationLevel,
  HiringStatus,
  ItaStatus,
  JobType,
  RewardStatus,
  TaskStatus,
} from './enums';
import type { RetentionPolicy } from './retention';

// What the recruiter calls answer (PRODUCT.md domain), shared so client screens and server mappers
// agree. Money is integer minor units plus currency; times are ISO-8601 UTC.

export type PromoBonus = { promoId: number; title: string; amount: number; currency: string; endsAt: string };

/** What a task is, on the recruiter's cards and the admin's list alike. */
export type TaskBasics = {
  id: number;
  code: string;
  title: string;
  company: string;
  jobType: JobType;
  isCritical: boolean;
  location: string;
  country: string;
};

export type TaskCard = TaskBasics & {
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
  rewardAmount: number;
  rewardCurrency: string;
  /** The bonus of a promo running now that lists the task (the largest, when several do). */
  promo: PromoBonus | null;
  quota: number;
  /** Referrals of the task whose reward is APPROVED, PENDING_PAYMENT or PAID. */
  quotaUsed: number;
  quotaLeft: number;
  /** EXPIRED once an OPEN task's expiresAt has passed. */
  status: TaskStatus;
  expiresAt: string | null;
  createdAt: string;
  /** Whether the calling recruiter has joined (or been assigned) the task. */
  joined: boolean;
};

export type TaskDetail = TaskCard & {
  description: string;
  requiredSkills: string[];
  requiredLanguages: string[];
};

/** The calling recruiter's referrals to a task, counted by consent and reward state. */
export type ReferralCounts = {
  total: number;
  consentPending: number;
  consentConfirmed: number;
  /** Refused; a withdrawal (consent given, then withdrawn) is counted in consentWithdrawn instead. */
  consentDeclined: number;
  consentWithdrawn: number;
  /** Reward not decided yet, and consent not withdrawn (that reward is closed). */
  rewardInReview: number;
  /** APPROVED, PENDING_PAYMENT or PAID. */
  rewardApproved: number;
  /** REJECTED, INELIGIBLE, NOT_VALID or EXCEED_QUOTA, or closed by a withdrawal before any decision. */
  rewardNotRewarded: number;
};

export type MyTaskCard = TaskCard & { counts: ReferralCounts };

/** What a promo is, on the recruiter's promo list and the admin's alike. */
export type PromoBasics = {
  id: number;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  bonusAmount: number;
  bonusCurrency: string;
};

export type PromoSummary = PromoBasics & {
  taskCount: number;
  /** startsAt <= now < endsAt. */
  running: boolean;
};

export type FileInfo = { id: number; name: string; mimeType: string; size: number };

/**
 * A referral whose hiring is final (HIRED, REJECTED, WITHDRAWN) or whose reward is PAID is closed: the
 * talent gets no more consent or intent-to-apply e-mails. Shared so the screens hide what the server refuses.
 */
// Plain strings: the server passes its rows' columns as they are.
export const isReferralClosed = (referral: { hiringStatus: string; rewardStatus: string | null }) =>
  referral.hiringStatus === 'HIRED' ||
  referral.hiringStatus === 'REJECTED' ||
  referral.hiringStatus === 'WITHDRAWN' ||
  referral.rewardStatus === 'PAID';

export type ReferralSummary = {
  id: number;
  talentId: number;
  talentName: string;
  talentEmail: string;
  talentPhone: string;
  taskId: number;
  taskCode: string;
  taskTitle: string;
  company: string;
  consentStatus: ConsentStatus;
  itaStatus: ItaStatus;
  hiringStatus: HiringStatus;
  /** null while the admin has not decided. */
  rewardStatus: RewardStatus | null;
  rewardAmount: number | null;
  rewardCurrency: string | null;
  callProofs: { total: number; needReview: number; accepted: number; rejected: number };
  /**
   * While consent is pending, when the last consent link stops working (the talent's profile and the
   * referral detail only: null otherwise, absent from other lists).
   */
  consentExpiresAt?: string | null;
  /**
   * When the talent withdrew the consent they had given (its state reads DECLINED after): the talent's
   * profile and the referral detail only, null otherwise, absent from other lists.
   */
  consentWithdrawnAt?: string | null;
  createdAt: string;
  updatedAt: string;
};

export type HistoryEntry = {
  id: number;
  /** REFERRED, CONSENT_SENT, CONSENT_RESENT, CONSENT_CHANGED, ITA_SENT, ITA_CHANGED, CALL_PROOF_ADDED, … */
  action: string;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  /** COMPANY: the hiring company's contact on a review link (issue 45); actorName "contact, company". */
  actorKind: 'RECRUITER' | 'ADMIN' | 'TALENT' | 'SYSTEM' | 'COMPANY';
  actorName: string | null;
  createdAt: string;
};

export type CallProofItem = {
  id: number;
  referralId: number;
  calledAt: string;
  note: string | null;
  reviewStatus: CallProofStatus;
  reviewReason: string | null;
  reviewedAt: string | null;
  file: FileInfo;
  createdAt: string;
};

/** The referral's own notes and decision times, on the recruiter's and the admin's detail alike. */
export type ReferralDetailFields = {
  recruiterNote: string | null;
  rating: 5 | 10 | null;
  consentDecidedAt: string | null;
  itaDecidedAt: string | null;
  rewardReason: string | null;
  /**
   * The admin's reason for the move to the current hiring status (required for a final one, issue 21);
   * null if none.
   */
  hiringReason: string | null;
};

export type ReferralDetail = ReferralSummary &
  ReferralDetailFields & {
    talentLocale: string;
    /** When the last consent / ITA link was sent, and when the next resend is allowed (null: now). */
    consentSentAt: string | null;
    consentResendAt: string | null;
    itaSentAt: string | null;
    itaResendAt: string | null;
    callProofList: CallProofItem[];
    history: HistoryEntry[];
  };

export type ParseStatus = 'PENDING' | 'PARSING' | 'DONE' | 'FAILED' | 'SKIPPED';

export type TalentSummary = {
  id: number;
  fullName: string;
  email: string;
  /** E.164. */
  phone: string;
  location: string;
  country: string;
  educationLevel: EducationLevel;
  languages: string[];
  parseStatus: ParseStatus;
  /** Every referral of the talent, newest first, in short. */
  referrals: Array<
    Pick<ReferralSummary, 'id' | 'taskId' | 'taskTitle' | 'consentStatus' | 'hiringStatus' | 'rewardStatus'> & {
      /** When the talent withdrew the consent they had given; null otherwise. */
      consentWithdrawnAt: string | null;
    }
  >;
  /** Resume dropped, profile never completed: the folder and profile offer "Finish adding". */
  needsCompletion: boolean;
  /** The task the resume was dropped for, while `needsCompletion` (the completion link's taskId). */
  completionTaskId: number | null;
  /** When the talent's personal data was erased and the rows kept for the money trail; null for everyone else. */
  erasedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type TalentDetail = {
  id: number;
  fullName: string;
  email: string;
  /** As typed, and in E.164. */
  phone: string;
  countryCode: string;
  phoneE164: string;
  languages: string[];
  educationLevel: EducationLevel;
  country: string;
  location: string;
  /** Major units as typed in the form. */
  expectedSalary: number | null;
  expectedSalaryCurrency: string;
  contactLocale: string;
  resume: FileInfo | null;
  parseStatus: ParseStatus;
  hasWorkExperience: boolean | null;
  yearsOfExperience: number | null;
  currentPosition: string | null;
  skills: string[];
  summary: string | null;
  referrals: ReferralSummary[];
  /** Resume dropped, profile never completed: the folder and profile offer "Finish adding". */
  needsCompletion: boolean;
  /** The task the resume was dropped for, while `needsCompletion` (the completion link's taskId). */
  completionTaskId: number | null;
  /**
   * The contact fields read from the resume of a drop queued offline (issue 42.4), until the recruiter
   * has checked them (profile completion or the profile edit): 'fullName', 'email', 'phone'.
   */
  contactFromResume: Array<'fullName' | 'email' | 'phone'>;
  /** The talent's open correction requests from their data page, oldest first (issue 24). */
  corrections: TalentCorrection[];
  /** When the talent's personal data was erased and the rows kept for the money trail; null for everyone else. */
  erasedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** A talent asked, on their data page, for their data to be corrected; answered within 21 days (PDPA s31). */
export type TalentCorrection = { id: number; message: string; createdAt: string; dueAt: string };

/**
 * `POST /api/recruiter/talent/resume-contact` answer: what a resume says for the drop form, null (or an
 * empty list) where it says nothing. `phoneCountryCode` is one of the phone field's codes ("+60"), `phone`
 * the national form ("012-345 6789").
 */
export type ResumeReading = {
  fullName: string | null;
  email: string | null;
  phoneCountryCode: string | null;
  phone: string | null;
  languages: CandidateLanguage[];
  educationLevel: EducationLevel | null;
  location: string | null;
  country: string | null;
};

/** `POST /api/recruiter/talent/drop_resume` answer. */
export type DropResumeAnswer = { talentId: number; taskId: number; parseStatus: ParseStatus; created: boolean };

/** `POST /api/recruiter/talent/task` answer. */
export type ReferralCreated = { referralId: number; talentId: number; taskId: number };

// --- Talent token pages (public) ---

export type TalentDecision = 'CONFIRMED' | 'DECLINED';

/** What a consent or ITA link shows: whom the talent answers and for which job, nothing more. */
export type TalentLinkView = {
  kind: 'CONSENT' | 'ITA';
  /** OPEN: waiting for an answer; USED: answered (decision set); EXPIRED: too late, ask for a new link. */
  state: 'OPEN' | 'USED' | 'EXPIRED';
  recruiterName: string;
  taskTitle: string;
  company: string;
  location: string;
  decision: TalentDecision | null;
  decidedAt: string | null;
  expiresAt: string;
  /** The version of the notice the talent is shown, recorded with the answer (PDPA proof). */
  noticeVersion: string;
  /** The talent's consent stands and the referral is not final: this link may withdraw it. */
  withdrawable: boolean;
  /** When the talent withdrew their consent to this referral (from any of its links), or null. */
  withdrawnAt: string | null;
  /** The periods this server keeps the data for, which the consent notice states (issue 24). */
  retention: RetentionPolicy;
};
