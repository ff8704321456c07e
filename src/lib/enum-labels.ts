import { m } from '../paraglide/messages';
import type {
  CallProofStatus,
  ConsentStatus,
  EducationLevel,
  HiringStatus,
  ItaStatus,
  JobType,
  RewardStatus,
  TaskStatus,
} from '../shared/enums';
import { currentIntlLocale } from './locale';

// Localised labels of the shared enums. Maps, not dynamic key lookups, so the bundler keeps what is used.
export const JOB_TYPE_LABELS: Record<JobType, () => string> = {
  ft: m.job_type_ft,
  pt: m.job_type_pt,
  intern: m.job_type_intern,
};

export const TASK_STATUS_LABELS: Record<TaskStatus, () => string> = {
  OPEN: m.task_status_open,
  CLOSED: m.task_status_closed,
  EXPIRED: m.task_status_expired,
};

export const EDUCATION_LABELS: Record<EducationLevel, () => string> = {
  Degree: m.education_degree,
  Master: m.education_master,
  PHD: m.education_phd,
  Certificates: m.education_certificates,
  Vocational: m.education_vocational,
  Diploma: m.education_diploma,
  'Secondary School': m.education_secondary_school,
  'Primary School': m.education_primary_school,
  Others: m.education_others,
};

export const CONSENT_LABELS: Record<ConsentStatus, () => string> = {
  PENDING: m.consent_pending,
  CONFIRMED: m.consent_confirmed,
  DECLINED: m.consent_declined,
};

export const ITA_LABELS: Record<ItaStatus, () => string> = {
  NOT_SENT: m.ita_not_sent,
  SENT: m.ita_sent,
  CONFIRMED: m.ita_confirmed,
  DECLINED: m.ita_declined,
};

export const HIRING_LABELS: Record<HiringStatus, () => string> = {
  SUBMITTED: m.hiring_submitted,
  SCREENING: m.hiring_screening,
  INTERVIEW: m.hiring_interview,
  OFFERED: m.hiring_offered,
  HIRED: m.hiring_hired,
  REJECTED: m.hiring_rejected,
  WITHDRAWN: m.hiring_withdrawn,
};

/** Reward states, with IN_REVIEW for a reward not decided yet (null). */
export const REWARD_LABELS: Record<RewardStatus | 'IN_REVIEW', () => string> = {
  IN_REVIEW: m.reward_in_review,
  APPROVED: m.reward_approved,
  REJECTED: m.reward_rejected,
  INELIGIBLE: m.reward_ineligible,
  NOT_VALID: m.reward_not_valid,
  EXCEED_QUOTA: m.reward_exceed_quota,
  PENDING_PAYMENT: m.reward_pending_payment,
  PAID: m.reward_paid,
};

export const CALL_PROOF_LABELS: Record<CallProofStatus, () => string> = {
  NEED_REVIEW: m.call_proof_need_review,
  ACCEPTED: m.call_proof_accepted,
  REJECTED: m.call_proof_rejected,
};

export const RATING_LABELS: Record<5 | 10, () => string> = { 5: m.rating_average, 10: m.rating_good };

// Language and currency names come from Intl in the interface's language (no message per code).
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames([currentIntlLocale()], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}
