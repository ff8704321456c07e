import type { DataRequestStatus } from './data-protection-schemas';
import type { AppLocale, ConsentStatus, HiringStatus, ItaStatus, RewardStatus } from './enums';
import type { PersonEmail, PersonLink } from './person-record-types';

// What `/api/admin/data-protection` answers (issue 24 part 3). Times are ISO-8601 UTC. No link hashes,
// no e-mail bodies: the admin sees that a record exists and what kind it is, not its secret or content.

export type PersonMatch = {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  recruiter: { id: number; name: string; email: string };
  createdAt: string;
  updatedAt: string;
  erasedAt: string | null;
  counts: { referrals: number; files: number; links: number; emails: number; requests: number };
};

export type PersonProfile = {
  id: number;
  fullName: string;
  email: string;
  phone: string;
  countryCode: string;
  languages: string[];
  educationLevel: string;
  country: string;
  location: string;
  expectedSalary: number | null;
  expectedSalaryCurrency: string;
  currentPosition: string | null;
  yearsOfExperience: number | null;
  skills: string[];
  summary: string | null;
  hasResumeText: boolean;
  contactLocale: string;
  recruiter: { id: number; name: string; email: string };
  createdAt: string;
  updatedAt: string;
  erasedAt: string | null;
};

export type PersonReferral = {
  id: number;
  task: { id: number; code: string; title: string };
  consentStatus: ConsentStatus;
  /** When the talent withdrew the consent they had given (the state then reads DECLINED), or null. */
  consentWithdrawnAt: string | null;
  itaStatus: ItaStatus;
  hiringStatus: HiringStatus;
  rewardStatus: RewardStatus | null;
  rewardAmount: number | null;
  rewardCurrency: string | null;
  paymentId: number | null;
  createdAt: string;
};

export type PersonFile = {
  id: number;
  purpose: 'RESUME' | 'CALL_PROOF';
  name: string;
  size: number;
  createdAt: string;
  /** Where the admin reads it (with their bearer token); null once anonymised (the bytes are gone). */
  href: string | null;
};

export type PersonDataRequest = {
  id: number;
  kind: 'CORRECTION' | 'WITHDRAWAL';
  referralId: number | null;
  message: string | null;
  status: DataRequestStatus;
  dueAt: string;
  createdAt: string;
  closedAt: string | null;
  response: string | null;
};

export type PersonAccess = {
  id: number;
  action: string;
  actorKind: string;
  actorName: string | null;
  subjectKind: string;
  subjectId: number | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
};

export type PersonView = {
  profile: PersonProfile;
  referrals: PersonReferral[];
  files: PersonFile[];
  links: PersonLink[];
  emails: PersonEmail[];
  requests: PersonDataRequest[];
  access: PersonAccess[];
};

/** The JSON file an export downloads. */
export type PersonExport = PersonView & { exportedAt: string };

export type EraseAnswer = {
  outcome: 'DELETED' | 'ANONYMISED' | 'GONE';
  /** Why the rows were kept (ANONYMISED): a reward was approved or paid, so the money trail is kept. */
  reason: 'MONEY_TRAIL' | null;
  files: number;
  emails: number;
};

export type DataRequestRow = {
  id: number;
  kind: 'CORRECTION' | 'WITHDRAWAL';
  status: DataRequestStatus;
  message: string | null;
  /** `locale`: the language the talent reads our e-mails in, so the answer is written in it (issue 42.23). */
  talent: { id: number; fullName: string; erasedAt: string | null; locale: AppLocale };
  recruiter: { id: number; name: string };
  referralId: number | null;
  /** The referral's task and the company that posted it, for a withdrawal (a correction is about no one referral). */
  task: { id: number; code: string; title: string; company: string } | null;
  createdAt: string;
  dueAt: string;
  /** Whole days until due_at (negative once overdue), counted by the server's clock. */
  daysLeft: number;
  closedAt: string | null;
  closedBy: string | null;
  response: string | null;
};
