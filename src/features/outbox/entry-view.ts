import { displayTimeZone, formatDateTime } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';
import type { OutboxEntry, OutboxError, OutboxKind } from '#src/lib/outbox/outbox-types.ts';
import { m } from '#src/paraglide/messages.js';

// How an outbox entry reads on the Outbox screen: what it is, for whom, and the records its answer made.

export const KIND_LABELS: Record<OutboxKind, () => string> = {
  'drop-resume': m.outbox_kind_drop_resume,
  'profile-completion': m.outbox_kind_profile_completion,
  'call-proof': m.outbox_kind_call_proof,
};

/** The talent's name, else the e-mail, else the file's name (a dropped resume has only that). */
export function whoOf(entry: OutboxEntry): string | null {
  return entry.meta.talentName?.trim() || entry.meta.email?.trim() || entry.file?.name || null;
}

/** A positive id the server answered (`answer` is the 2xx `data`, typed by kind only loosely). */
export function answerId(entry: OutboxEntry, key: 'talentId' | 'referralId' | 'taskId'): number | undefined {
  const value = (entry.answer as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

/** When the next try is: "14:05" within the next hours (back-offs are minutes), else with its date. */
export function formatNextTry(ms: number, now: number = Date.now()): string {
  if (ms - now > 12 * 60 * 60_000) return formatDateTime(ms);
  return new Intl.DateTimeFormat(currentIntlLocale(), { timeStyle: 'short', timeZone: displayTimeZone() }).format(
    new Date(ms),
  );
}

// The names the forms give their fields, so a refusal read away from its form says which field it means.
const FIELD_LABELS: Record<string, () => string> = {
  file: m.add_talent_resume_label,
  fullName: m.add_talent_full_name,
  email: m.add_talent_email,
  countryCode: m.add_talent_country_code,
  phone: m.add_talent_phone,
  languages: m.add_talent_languages,
  educationLevel: m.add_talent_education,
  country: m.add_talent_country,
  location: m.add_talent_location,
  expectedSalary: m.add_talent_expected_salary,
  expectedSalaryCurrency: m.add_talent_currency,
  contactLocale: m.add_talent_contact_locale,
  recruiterNote: m.add_talent_note,
  hasWorkExperience: m.add_talent_work_experience,
  yearsOfExperience: m.add_talent_years,
  skills: m.add_talent_skills,
  summary: m.add_talent_summary,
  rating: m.add_talent_rating,
  calledAt: m.call_proof_ui_called_at,
  note: m.call_proof_ui_note,
};

/** "E-mail: This e-mail has already been referred to this task." (the field's label, when it has one). */
export function namedFieldErrors(localised: Record<string, string>): string[] {
  return Object.entries(localised).map(([path, message]) => {
    const label = FIELD_LABELS[path.split('.')[0] ?? path];
    return label ? m.outbox_field_error({ field: label(), message }) : message;
  });
}

// Refusals of what was typed or picked: the same payload is refused again, so the way out is the form.
const REFUSED_AS_TYPED = new Set([
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'DUPLICATE_REFERRAL',
  'CONTACT_NOT_IN_RESUME',
  'UNSUPPORTED_FILE_TYPE',
  'RESUME_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
]);

/** Whether "Send again" (the same payload, a new key) can succeed, or only a correction can. */
export const canSendAgainAsIs = (error: OutboxError | undefined): boolean =>
  !error || (!error.fields && !REFUSED_AS_TYPED.has(error.code));
