// Every error code the API answers with. The client maps a code to a localised message
// (messages key `error_<code lowercased>`), falling back to the server's English message.
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_DEACTIVATED',
  'TEMPORARY_PASSWORD_EXPIRED',
  'TOKEN_EXPIRED',
  'INVALID_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'SESSION_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'DUPLICATE_REFERRAL',
  'CONTACT_NOT_IN_RESUME',
  'REFERRAL_CLOSED',
  'CONSENT_WITHDRAWN',
  'TALENT_ERASED',
  'PAYLOAD_TOO_LARGE',
  'RESUME_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'USAGE_LIMIT_REACHED',
  'AI_PROVIDER_FAILED',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

// The seed's error catalogue (section 8), exact wording kept, typos included.
export const SEED_MESSAGES = {
  generic: 'An error has been occured. Please try again.',
  resumeTooLarge: 'Resume exceeds the file size limit of 5MB. Please upload a smaller file.',
  usageLimit: 'You have reached the maximum usage limit for improving recruiter notes.',
} as const;
