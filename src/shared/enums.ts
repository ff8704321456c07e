// Enumerations of the seed (section 3) and PRODUCT.md, shared by client and server.
export const ROLES = ['ROLE_RECRUITER', 'ROLE_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['ACTIVE', 'DEACTIVATE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const LOCALES = ['en', 'ms', 'zh'] as const;
export type AppLocale = (typeof LOCALES)[number];

export const JOB_TYPES = ['ft', 'pt', 'intern'] as const;
export type JobType = (typeof JOB_TYPES)[number];

export const TASK_TYPES = ['CRITICAL', 'PROMO'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_STATUSES = ['OPEN', 'CLOSED', 'EXPIRED'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_SORTS = ['date', 'reward', 'quota'] as const;
export const ADMIN_TASK_SORTS = [...TASK_SORTS, 'latest', 'earliest'] as const;
export const TASK_STATUS_FILTERS = ['all', 'open', 'closed'] as const;
export const ADMIN_TASK_STATUS_FILTERS = [...TASK_STATUS_FILTERS, 'EXPIRED'] as const;

// SCORE: highest score first, recruiters without a score (too few referrals) last, then latest.
export const RECRUITER_SORTS = ['LATEST', 'EARLIEST', 'ALPHABETICAL', 'SCORE'] as const;
export const PAYMENT_FILTERS = ['ALL', 'PAID', 'PENDING'] as const;
export const CALL_FILTERS = ['ALL', 'NEED_REVIEW'] as const;

export const RATINGS = [5, 10] as const; // 5 = Average, 10 = Good
export type Rating = (typeof RATINGS)[number];

export const EDUCATION_LEVELS = [
  'Degree',
  'Master',
  'PHD',
  'Certificates',
  'Vocational',
  'Diploma',
  'Secondary School',
  'Primary School',
  'Others',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

export const CANDIDATE_LANGUAGES = ['en', 'ms', 'zh', 'ta', 'ko', 'id', 'th', 'ja'] as const;
export type CandidateLanguage = (typeof CANDIDATE_LANGUAGES)[number];

// The seed names the first ten of 33; the other 23 are ISO 4217 codes common in the region.
export const CURRENCIES = [
  'MYR',
  'SGD',
  'IDR',
  'USD',
  'PHP',
  'THB',
  'CNY',
  'HKD',
  'INR',
  'JPY',
  'VND',
  'KRW',
  'TWD',
  'AUD',
  'NZD',
  'EUR',
  'GBP',
  'CHF',
  'CAD',
  'AED',
  'SAR',
  'QAR',
  'KWD',
  'BHD',
  'OMR',
  'BND',
  'KHR',
  'LAK',
  'MMK',
  'BDT',
  'PKR',
  'LKR',
  'NPR',
] as const;
export type Currency = (typeof CURRENCIES)[number];

export const HIRING_STATUSES = [
  'SUBMITTED',
  'SCREENING',
  'INTERVIEW',
  'OFFERED',
  'HIRED',
  'REJECTED',
  'WITHDRAWN',
] as const;
export type HiringStatus = (typeof HIRING_STATUSES)[number];

export const CONSENT_STATUSES = ['PENDING', 'CONFIRMED', 'DECLINED'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];
/**
 * What lists filter consent by: its states, DECLINED meaning refused, and WITHDRAWN, consent given then
 * withdrawn (its state reads DECLINED, issue 42.6). Every list tells the two apart.
 */
export const CONSENT_FILTERS = [...CONSENT_STATUSES, 'WITHDRAWN'] as const;
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

// DECLINED is ours: the talent may say no to the intent-to-apply link too.
export const ITA_STATUSES = ['NOT_SENT', 'SENT', 'CONFIRMED', 'DECLINED'] as const;
export type ItaStatus = (typeof ITA_STATUSES)[number];

export const REWARD_STATUSES = [
  'APPROVED',
  'REJECTED',
  'INELIGIBLE',
  'NOT_VALID',
  'EXCEED_QUOTA',
  'PENDING_PAYMENT',
  'PAID',
] as const;
export type RewardStatus = (typeof REWARD_STATUSES)[number];

/** The reward filter of the earning list: one decided status, or a group of them. */
export const EARNING_STATUS_FILTERS = ['REWARDED', 'NOT_REWARDED', ...REWARD_STATUSES] as const;
export type EarningStatusFilter = (typeof EARNING_STATUS_FILTERS)[number];

/** Where a promo's period stands now: not started, running (startsAt <= now < endsAt), or over. */
export const PROMO_PERIODS = ['UPCOMING', 'RUNNING', 'ENDED'] as const;
export type PromoPeriod = (typeof PROMO_PERIODS)[number];

export const CALL_PROOF_STATUSES = ['NEED_REVIEW', 'ACCEPTED', 'REJECTED'] as const;
export type CallProofStatus = (typeof CALL_PROOF_STATUSES)[number];

export const PAYMENT_STATUSES = ['PENDING', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ONE_TIME_TOKEN_KINDS = ['CONSENT', 'ITA', 'PASSWORD_RESET'] as const;
export type OneTimeTokenKind = (typeof ONE_TIME_TOKEN_KINDS)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** A stored locale as one of ours, 'en' for anything else. */
export const toAppLocale = (value: string | null | undefined): AppLocale =>
  (LOCALES as readonly string[]).includes(value ?? '') ? (value as AppLocale) : 'en';

// Filters live here, beside their enums, so a page's search params import no schema (and no phone library).
// The reward filter adds IN_REVIEW: a referral whose reward is not decided yet.
export const REWARD_FILTERS = ['IN_REVIEW', ...REWARD_STATUSES] as const;
export type RewardFilter = (typeof REWARD_FILTERS)[number];

export const RECRUITER_STATUS_FILTERS = ['all', ...USER_STATUSES] as const;
export type RecruiterStatusFilter = (typeof RECRUITER_STATUS_FILTERS)[number];

// Here, not beside their schemas, because the admin's list screens read them in their search params, which
// sit in the first chunk every visit loads: a schema module there drags its form fields, their messages and
// valibot with it (issue 28: /login's budget).
/** The access record's actions (access-log-schemas.ts). */
export const ACCESS_ACTIONS = [
  'FILE_VIEW',
  'FILE_DOWNLOAD',
  'PAYMENTS_EXPORT',
  'PERSON_VIEW',
  'PERSON_EXPORT',
  'PERSON_ERASE',
  'RETENTION_ERASE',
  'RETENTION_ANONYMISE',
  // An admin read a recruiter's payee details for Form CP58 (issue 46).
  'PAYEE_VIEW',
  // An admin downloaded a recruiter's issued Form CP58 (a PDF, alone or in the year's archive), or the year's
  // list as CSV with their details: each holds the identity number (issue 46).
  'CP58_DOWNLOAD',
  'CP58_EXPORT',
] as const;
export type AccessActionName = (typeof ACCESS_ACTIONS)[number];

/** A talent's correction or withdrawal request, as an admin closes it (data-protection-schemas.ts). */
export const DATA_REQUEST_STATUSES = ['OPEN', 'DONE', 'REFUSED'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];
