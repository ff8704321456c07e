// How long personal data is kept (issue 24). The server reads the periods from its environment
// (RETENTION_* in .env.example) and hands them to the browser (`/api/config`, the talent's link), so the
// privacy policy and the consent notice say exactly what the retention job does.
export type RetentionPolicy = {
  /** A talent who declined or withdrew consent is erased this many days after. */
  declinedDays: number;
  /** A talent with no activity for this many months is anonymised. */
  inactiveMonths: number;
  /** The anonymised money trail (referrals with a reward, payments) is kept this many years. */
  paymentYears: number;
  /** The record of access to personal data is kept this many months. */
  accessLogMonths: number;
};

/** PDPA s31: a data user answers an access or correction request within 21 days. */
export const DATA_REQUEST_DAYS = 21;

/**
 * A talent record takes at most this many correction requests waiting for an answer, and this many in
 * 24 hours: each e-mails the recruiter and tells every admin (issue 43.7).
 */
export const CORRECTION_REQUEST_LIMIT = 3;

/** The policy's own values, used when the environment sets none. */
export const DEFAULT_RETENTION: RetentionPolicy = {
  declinedDays: 30,
  inactiveMonths: 24,
  paymentYears: 7,
  accessLogMonths: 24,
};
