import type { CompanyAnswer, ShareReveal } from './company-schemas';
import type { HiringStatus } from './enums';

// Answers of `/api/admin/companies` and `/api/public/review` (issue 45).

export interface CompanyContact {
  id: number;
  name: string;
  email: string;
  locale: string;
  createdAt: string;
  updatedAt: string;
}

export interface CompanySummary {
  id: number;
  name: string;
  /** Contacts not removed. */
  contacts: number;
  tasks: number;
  /** Review links ever made for the company's tasks (revoked and expired ones too). */
  shares: number;
  /** Answers its contacts gave on those links. */
  answers: number;
  createdAt: string;
}

export interface CompanyDetail {
  id: number;
  name: string;
  contacts: CompanyContact[];
  createdAt: string;
  updatedAt: string;
}

export interface CompanyAnswerView {
  /** The answer's id (`POST /api/admin/companies/answers/:answerId/reverse`). */
  id: number;
  answer: CompanyAnswer;
  reason: string | null;
  comment: string | null;
  answeredAt: string;
  /** The hiring move the answer made (null: it moved nothing). */
  moved: { from: HiringStatus; to: HiringStatus } | null;
}

/** OPEN until it expires or the admin revokes it. */
export type ShareState = 'OPEN' | 'EXPIRED' | 'REVOKED';

/** What every listing of a review link says of it: to whom, in which state, made, opened and ending when. */
export interface ShareLink {
  /** The link's id (revoke: `POST shares/:shareId/revoke`; take off: `DELETE shares/:shareId/referrals/:id`). */
  id: number;
  taskId: number;
  contact: { id: number; name: string; email: string; locale: string; removed: boolean };
  state: ShareState;
  expiresAt: string;
  revokedAt: string | null;
  /** When the contact first and last opened the link (any candidate on it). */
  firstOpenedAt: string | null;
  lastOpenedAt: string | null;
  /** When the link was made and e-mailed. */
  createdAt: string;
  createdBy: { id: number; name: string } | null;
}

/** One of the task's links, with what it reveals and the referrals it shows. */
export interface ShareSummary extends ShareLink {
  reveal: ShareReveal[];
  revealReason: string | null;
  /** The referrals the link shows now (removed ones are left out), each with the answer given on it. */
  referrals: {
    referralId: number;
    talentId: number;
    talentName: string;
    addedAt: string;
    answer: CompanyAnswerView | null;
  }[];
}

/** `GET /api/admin/companies/tasks/:taskId/shares`: the task's company, its contacts, the task's links. */
export interface TaskShares {
  task: { id: number; code: string; title: string };
  company: { id: number; name: string };
  contacts: CompanyContact[];
  shares: ShareSummary[];
}

/**
 * `GET /api/admin/companies/referrals/:referralId/shares`: one review link the referral was put on, for the
 * admin's referral detail (issue 45).
 */
export interface ReferralShare extends ShareLink {
  companyName: string;
  /** When this referral was put on the link, and taken off it (null: it is on it). */
  addedAt: string;
  removedAt: string | null;
  /** The contact's looks at this talent's profile or CV through the link (the access record). */
  firstViewedAt: string | null;
  lastViewedAt: string | null;
  views: number;
  answer: CompanyAnswerView | null;
}

/** Why a referral cannot be shared (409 `fields`, keyed `referrals.<id>`). */
export type ShareRefusal = 'referral_not_in_task' | 'consent_not_confirmed' | 'talent_erased' | 'referral_closed';

// ---- the review link ----

export interface ReviewCv {
  name: string;
  mimeType: string;
  size: number;
  /** Streams the CV through the link's token (same origin, `/api/public/review/cv?...`). */
  url: string;
}

export interface ReviewCandidate {
  referralId: number;
  available: true;
  name: string;
  skills: string[];
  hasWorkExperience: boolean | null;
  yearsOfExperience: number | null;
  currentPosition: string | null;
  summary: string | null;
  educationLevel: string;
  languages: string[];
  location: string;
  country: string;
  expectedSalary: { amount: number; currency: string } | null;
  recruiterNote: string | null;
  /** 5 Average, 10 Good. */
  rating: number | null;
  hiringStatus: HiringStatus;
  cv: ReviewCv | null;
  answer: CompanyAnswerView | null;
  /** Only when the admin revealed them on this link. */
  contact?: { email: string; phone: string };
  recruiter?: { name: string };
  reward?: { amount: number; currency: string };
}

/** A candidate who withdrew their consent or was erased: nothing of them is shown. */
export interface UnavailableCandidate {
  referralId: number;
  available: false;
}

export interface ReviewView {
  company: { name: string };
  task: { code: string; title: string; description: string; location: string; country: string; jobType: string };
  contact: { name: string; locale: string };
  expiresAt: string;
  reveal: ShareReveal[];
  candidates: (ReviewCandidate | UnavailableCandidate)[];
}

export interface ReviewAnswered {
  referralId: number;
  answer: CompanyAnswerView;
  /** The hiring status after the answer, and whether this answer moved it. */
  hiringStatus: HiringStatus;
  moved: boolean;
}

/** One group of `GET /api/admin/companies/insight` (issue 45, Insight). */
export interface CompanyInsightRow {
  /** The company's, task's or promo's id; 0 for referrals made outside any promo. */
  id: number;
  name: string;
  /** Referrals first shared with a company in the period: the funnel's "shared with the company" step. */
  shared: number;
  /** Of those, the ones a company answered. */
  answered: number;
  /** Median hours from a referral's first sharing to the company's first answer; null when none answered. */
  medianAnswerHours: number | null;
  /** The first answers, by kind. */
  answers: Record<CompanyAnswer, number>;
}

export interface CompanyInsight {
  groupBy: 'company' | 'task' | 'promo';
  items: CompanyInsightRow[];
}
