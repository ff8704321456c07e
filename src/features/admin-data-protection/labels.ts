import { m } from '#src/paraglide/messages.js';

// The words for the records a person's view lists: links, requests, access lines, files.

export const LINK_KIND_LABELS: Record<string, () => string> = {
  CONSENT: m.data_protection_link_consent,
  ITA: m.data_protection_link_ita,
  DATA: m.data_protection_link_data,
  PASSWORD_RESET: m.data_protection_link_other,
};

export const REQUEST_KIND_LABELS: Record<'CORRECTION' | 'WITHDRAWAL', () => string> = {
  CORRECTION: m.data_protection_request_correction,
  WITHDRAWAL: m.data_protection_request_withdrawal,
};

export const REQUEST_STATUS_LABELS: Record<'OPEN' | 'DONE' | 'REFUSED', () => string> = {
  OPEN: m.data_protection_status_open,
  DONE: m.data_protection_status_done,
  REFUSED: m.data_protection_status_refused,
};

export const ACCESS_ACTION_LABELS: Record<string, () => string> = {
  FILE_VIEW: m.data_protection_action_file_view,
  FILE_DOWNLOAD: m.data_protection_action_file_download,
  PAYMENTS_EXPORT: m.data_protection_action_payments_export,
  PERSON_EXPORT: m.data_protection_action_person_export,
  PERSON_VIEW: m.data_protection_action_person_view,
  PERSON_ERASE: m.data_protection_action_person_erase,
  RETENTION_ERASE: m.data_protection_action_retention,
  RETENTION_ANONYMISE: m.data_protection_action_retention,
};

// What each e-mail about the person was, and to whom; one the server sends about no talent (a password
// reset, an invitation) or a new one reads "Other e-mail", never its code (issue 42.12).
export const EMAIL_TEMPLATE_LABELS: Record<string, () => string> = {
  consent_request: m.data_protection_email_consent_request,
  ita_request: m.data_protection_email_ita_request,
  talent_answered: m.data_protection_email_talent_answered,
  hiring_changed: m.data_protection_email_hiring_changed,
  consent_withdrawn: m.data_protection_email_consent_withdrawn,
  consent_expired: m.data_protection_email_consent_expired,
  call_proof_rejected: m.data_protection_email_call_proof_rejected,
  reward_decided: m.data_protection_email_reward_decided,
  payment_paid: m.data_protection_email_payment_paid,
  talent_data_link: m.data_protection_email_talent_data_link,
  data_correction_requested: m.data_protection_email_data_correction_requested,
  data_request_answered: m.data_protection_email_data_request_answered,
  company_review: m.data_protection_email_company_review,
  notification: m.data_protection_email_notification,
};

export const emailTemplateLabel = (template: string) =>
  (Object.hasOwn(EMAIL_TEMPLATE_LABELS, template) ? EMAIL_TEMPLATE_LABELS[template] : undefined)?.() ??
  m.data_protection_email_other();

export const EMAIL_STATUS_LABELS: Record<string, () => string> = {
  PENDING: m.data_protection_email_status_pending,
  SENDING: m.data_protection_email_status_sending,
  SENT: m.data_protection_email_status_sent,
  FAILED: m.data_protection_email_status_failed,
  CANCELLED: m.data_protection_email_status_cancelled,
};

export const FILE_PURPOSE_LABELS: Record<'RESUME' | 'CALL_PROOF', () => string> = {
  RESUME: m.data_protection_file_resume,
  CALL_PROOF: m.data_protection_file_call_proof,
};

/** A link's state as one word: used, voided, expired or still open. */
export function linkState(link: { usedAt: string | null; voidedAt: string | null; expiresAt: string }, now: Date) {
  if (link.usedAt) return m.data_protection_link_used();
  if (link.voidedAt) return m.data_protection_link_voided();
  if (new Date(link.expiresAt).getTime() <= now.getTime()) return m.data_protection_link_expired();
  return m.data_protection_link_open();
}

/** "5 days left", "Due today", "3 days overdue". */
export function requestClock(daysLeft: number): string {
  if (daysLeft > 0) return m.data_protection_days_left({ count: daysLeft });
  if (daysLeft === 0) return m.data_protection_due_today();
  return m.data_protection_days_overdue({ count: -daysLeft });
}
