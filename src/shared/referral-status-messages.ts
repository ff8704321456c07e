import { m } from '#src/paraglide/messages.js';
import type { ConsentStatus, HiringStatus } from './enums';

// A referral's consent and hiring states' messages: one map each for the app's screens and the talent's data
// document (a map, not a dynamic key lookup, so the bundler keeps only the messages used).

export const CONSENT_MESSAGES = {
  PENDING: m.consent_pending,
  CONFIRMED: m.consent_confirmed,
  DECLINED: m.consent_declined,
} satisfies Record<ConsentStatus, unknown>;

export const HIRING_MESSAGES = {
  SUBMITTED: m.hiring_submitted,
  SCREENING: m.hiring_screening,
  INTERVIEW: m.hiring_interview,
  OFFERED: m.hiring_offered,
  HIRED: m.hiring_hired,
  REJECTED: m.hiring_rejected,
  WITHDRAWN: m.hiring_withdrawn,
} satisfies Record<HiringStatus, unknown>;
