import { m } from '#src/paraglide/messages.js';
import { registerErrorMessages } from './app-error';

// The messages of error codes only a signed-in recruiter's writes meet: uploads (a resume, a call
// proof), a referral, the note assistant, the outbox and its idempotency keys. Imported by the modules
// that make those writes or show their outcome, so every screen that can meet a code has its message,
// and pages without such writes (login: issue 7's first-load target) do not carry them.
registerErrorMessages({
  STORAGE_FAILED: m.outbox_storage_failed,
  OUTBOX_TOO_OLD: m.outbox_too_old,
  DUPLICATE_REFERRAL: m.error_duplicate_referral,
  CONTACT_NOT_IN_RESUME: m.error_contact_not_in_resume,
  REFERRAL_CLOSED: m.error_referral_closed,
  CONSENT_WITHDRAWN: m.error_consent_withdrawn,
  TALENT_ERASED: m.error_talent_erased,
  RESUME_TOO_LARGE: m.error_resume_too_large,
  UNSUPPORTED_FILE_TYPE: m.error_unsupported_file_type,
  USAGE_LIMIT_REACHED: m.error_usage_limit_reached,
  AI_PROVIDER_FAILED: m.error_ai_provider_failed,
  IDEMPOTENCY_KEY_REUSED: m.error_idempotency_key_reused,
  IDEMPOTENCY_KEY_IN_PROGRESS: m.error_idempotency_key_in_progress,
});
