import type { ConsentStatus, EducationLevel, HiringStatus, ItaStatus, RewardStatus } from './enums';
import type { PersonEmail, PersonLink } from './person-record-types';
import type { RetentionPolicy } from './retention';

// The talent's data page (`/talent/data?token=…`, `GET /api/public/data`): everything held about the
// talent record the "manage my data" link opens, and what they may do with it (PDPA ss30, 34, 43A).

export type TalentDataReferral = {
  id: number;
  taskTitle: string;
  company: string;
  recruiterName: string;
  referredAt: string;
  consentStatus: ConsentStatus;
  consentDecidedAt: string | null;
  itaStatus: ItaStatus;
  itaDecidedAt: string | null;
  hiringStatus: HiringStatus;
  /**
   * The recruiter's note and rating about the talent: personal data about them, so they see it (PDPA s30
   * gives the data subject access to the personal data held about them, opinions included).
   */
  recruiterNote: string | null;
  rating: 5 | 10 | null;
  /**
   * Where the recruiter's reward for this referral stands (null: not decided), as Data Protection shows it.
   * Not its amount or payment: those are the recruiter's earnings, their personal data, which a request for
   * access by the talent does not open (PDPA s32(1)(c): not without disclosing another person's data).
   */
  rewardStatus: RewardStatus | null;
  /** The consent stands and the referral is not final: the talent may withdraw it here. */
  withdrawable: boolean;
  withdrawnAt: string | null;
};

/**
 * A call proof the recruiter uploaded for one of the talent's referrals: the file (a screenshot, recording
 * or document of the call, downloadable through the link), when the call was, and the recruiter's note.
 */
export type TalentDataCallProof = {
  id: number;
  referralId: number;
  fileName: string;
  size: number;
  calledAt: string;
  note: string | null;
  addedAt: string;
};

export type TalentDataDecision = {
  referralId: number;
  kind: 'CONSENT' | 'ITA';
  decision: 'CONFIRMED' | 'DECLINED' | 'WITHDRAWN';
  at: string;
  locale: string;
};

export type TalentDataRequest = {
  id: number;
  kind: 'CORRECTION' | 'WITHDRAWAL';
  status: 'OPEN' | 'DONE' | 'REFUSED';
  message: string | null;
  createdAt: string;
  /** A correction's answer is due by then (21 days); a withdrawal's data is erased then. */
  dueAt: string;
  referralId: number | null;
  /** What the recruiter or an admin answered when closing it (what was corrected, or why not). */
  response: string | null;
};

/**
 * One referral of the talent's shared with a hiring company on a review link (issue 45): which company,
 * for which job, when (and until when: taken off, revoked or expiring), and when the company looked at it
 * (from the record of access). The contact's own name is not shown: it is their personal data.
 */
export type TalentDataShare = {
  referralId: number;
  company: string;
  taskTitle: string;
  sharedAt: string;
  /** When the company stopped seeing them: taken off the link or the link revoked (null: neither). */
  removedAt: string | null;
  /** When the link stops (or stopped) working. */
  expiresAt: string;
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  views: number;
};

/**
 * A line of the record of access about the talent: when, what, and who by role. A recruiter is named (the
 * referral names them already) and a hiring company by its name; an admin or a company's contact is not,
 * their name being theirs (the shares' rule). Never the address or browser the access came from.
 */
export type TalentDataAccess = {
  id: number;
  /** FILE_VIEW, FILE_DOWNLOAD, PERSON_VIEW, PERSON_EXPORT, … (the record's action). */
  action: string;
  actor: 'TALENT' | 'RECRUITER' | 'ADMIN' | 'COMPANY' | 'SYSTEM';
  /** The recruiter's or the company's name, where the actor is one. */
  actorName: string | null;
  /** What a file line was about. */
  purpose: 'RESUME' | 'CALL_PROOF' | null;
  at: string;
};

export type TalentDataView = {
  profile: {
    fullName: string;
    email: string;
    phone: string;
    country: string;
    location: string;
    languages: string[];
    educationLevel: EducationLevel;
    /** Minor units, in expectedSalaryCurrency. */
    expectedSalary: number | null;
    expectedSalaryCurrency: string;
    hasWorkExperience: boolean | null;
    yearsOfExperience: number | null;
    currentPosition: string | null;
    skills: string[];
    summary: string | null;
    contactLocale: string;
    createdAt: string;
    updatedAt: string;
  };
  /** The CV file's name (downloadable through the link), and whether its text was read and kept; or null. */
  resume: { name: string; size: number; textKept: boolean } | null;
  referrals: TalentDataReferral[];
  callProofs: TalentDataCallProof[];
  decisions: TalentDataDecision[];
  requests: TalentDataRequest[];
  /** Every sharing of the talent's profile with a hiring company, oldest first. */
  companyShares: TalentDataShare[];
  /** Every link made for them, oldest first. */
  links: PersonLink[];
  /** Every e-mail to or about them, oldest first. */
  emails: PersonEmail[];
  /** Who looked at or downloaded their data, newest first (the record keeps ACCESS_LOG_KEEP_MONTHS). */
  access: TalentDataAccess[];
  retention: RetentionPolicy;
  /** When this link stops working. */
  expiresAt: string;
};

/** `POST /api/public/{consent,ita}/data-link`: a fresh "manage my data" token for the link's talent. */
export type TalentDataLinkIssued = { token: string };

/**
 * Whether another referral of the talent still holds their data (its consent not declined or withdrawn):
 * the data is erased only once consent to every referral has ended (jobs/retention.ts), so a withdrawal
 * from this one promises no erase date.
 */
export const dataKeptByOthers = (view: Pick<TalentDataView, 'referrals'>, referralId: number | null) =>
  view.referrals.some((other) => other.id !== referralId && other.consentStatus !== 'DECLINED');
