import type { PayeeDetails } from './payee-types';
import type { StatementPayer } from './statement-types';

// Form CP58 (issue 46; Income Tax Act 1967, s83A): what the calls of `/api/admin/cp58` and the recruiter's
// `/api/recruiter/earning/cp58` answer. A year is a calendar year in Malaysia time, as the yearly statement
// counts it. Money is integer minor units; only payments in ringgit (MYR) count toward the threshold and
// appear on the form (the product converts no currency), so every amount here is MYR.

/** What a recruiter's form lacks: their payee details, or in them an identity number or an address. */
export const CP58_MISSING = ['PAYEE_DETAILS', 'ID_NUMBER', 'ADDRESS'] as const;
export type Cp58Missing = (typeof CP58_MISSING)[number];

/** What the payer's settings (PAYER_*) lack for Part A; while any is missing, no form is issued. */
export const CP58_PAYER_MISSING = ['NAME', 'REGISTRATION_NUMBER', 'EMPLOYER_NUMBER', 'ADDRESS'] as const;
export type Cp58PayerMissing = (typeof CP58_PAYER_MISSING)[number];

/**
 * NOT_ISSUED: no form for the year yet. ISSUED: the latest version holds today's figures and details.
 * CHANGED: issued, but the figures, the payee's or the payer's details differ now: issuing again makes a
 * new version that corrects it.
 */
export const CP58_STATUSES = ['NOT_ISSUED', 'ISSUED', 'CHANGED'] as const;
export type Cp58Status = (typeof CP58_STATUSES)[number];

/** The kinds of incentive Part C names. The rewards are all the first: commission/incentive in cash. */
export const CP58_KINDS = ['CASH', 'IN_KIND'] as const;
export type Cp58Kind = (typeof CP58_KINDS)[number];

/** One payment of the year, as the form's annex lists it. */
export type Cp58Payment = { id: number; paidAt: string; reference: string | null; amount: number };

/** Part C as issued: the amount of each kind, the total, and the payments that make it up. */
export type Cp58Figures = {
  currency: 'MYR';
  lines: Array<{ kind: Cp58Kind; amount: number }>;
  total: number;
  payments: Cp58Payment[];
};

/** The payee as the form names them (Part B): their payee details, without when they were saved. */
export type Cp58Payee = Omit<PayeeDetails, 'updatedAt'>;

/** One issued version of a recruiter's form for a year. */
export type Cp58FormSummary = {
  id: number;
  recruiterId: number;
  year: number;
  version: number;
  /** The version this one corrects (the one before it); null for a first issue. */
  correctsVersion: number | null;
  issuedAt: string;
  /** The admin who issued it; null when that account is gone. */
  issuedBy: { id: number; name: string } | null;
  /** The form's total, MYR minor units. */
  total: number;
  /** The language it was written in (the recruiter's at the time). */
  locale: string;
};

/**
 * One version issued to a recruiter, as their own data export holds it (`GET /api/account/export`): what it
 * states, as issued, with their payee details as they stood then.
 */
export type Cp58IssuedForm = Pick<
  Cp58FormSummary,
  'id' | 'year' | 'version' | 'correctsVersion' | 'issuedAt' | 'locale'
> & {
  figures: Cp58Figures;
  payee: Cp58Payee;
};

/** One recruiter of the year's list. */
export type Cp58Row = {
  recruiter: { id: number; name: string; email: string; active: boolean };
  /** Paid in the year in MYR: the sum and how many payments and referrals. */
  paid: { amount: number; payments: number; referrals: number };
  /** Paid in the year in other currencies: counted nowhere on the form. */
  otherCurrencies: Array<{ currency: string; amount: number }>;
  overThreshold: boolean;
  /** The recruiter asked for theirs, and no version was issued since. */
  request: { requestedAt: string } | null;
  missing: Cp58Missing[];
  status: Cp58Status;
  /** Every version issued for the year, newest first. */
  forms: Cp58FormSummary[];
};

/** `GET /api/admin/cp58?year=`. */
export type Cp58YearList = {
  year: number;
  timeZone: 'Asia/Kuala_Lumpur';
  from: string;
  to: string;
  /** Paid strictly more than this (MYR minor units) puts a recruiter on the list (CP58_THRESHOLD_MYR). */
  threshold: number;
  payer: StatementPayer;
  payerMissing: Cp58PayerMissing[];
  /**
   * Everyone paid over the threshold, everyone who asked for theirs and everyone issued one for the year,
   * the highest paid first.
   */
  rows: Cp58Row[];
  /** Years with a payment in MYR or an issued form, newest first (the screen's choice of year). */
  years: number[];
};

/** Why a recruiter named in an issue got no new version. */
export type Cp58Skip = {
  recruiterId: number;
  /** MISSING: their details lack `missing`; NOT_LISTED: neither over the threshold, nor asking, nor issued before. */
  reason: 'MISSING' | 'NOT_LISTED';
  missing: Cp58Missing[];
};

/**
 * How many forms one issuing call issues at most: each is a PDF drawn while the request waits, so a year of
 * hundreds is issued over several calls, each answering how many remain.
 */
export const CP58_ISSUE_BATCH = 20;

/** `POST /api/admin/cp58/issue`. */
export type Cp58IssueResult = {
  issued: Cp58FormSummary[];
  /** Their latest version already holds today's figures and details: nothing new was issued. */
  unchanged: Cp58FormSummary[];
  skipped: Cp58Skip[];
  /** Forms ready to issue that this call left for the next, past its limit: call again until none remain. */
  remaining: number;
};

/** `GET /api/recruiter/earning/cp58`: the recruiter's own forms and requests. */
export type Cp58RecruiterView = {
  threshold: number;
  /** Every version issued to them, newest year first, newest version first. */
  forms: Cp58FormSummary[];
  /** Their requests: `waiting` until a version is issued after it. */
  requests: Array<{ year: number; requestedAt: string; waiting: boolean }>;
};

/** `POST /api/recruiter/earning/cp58/request`. */
export type Cp58RequestAnswer = { year: number; requestedAt: string; waiting: boolean };
