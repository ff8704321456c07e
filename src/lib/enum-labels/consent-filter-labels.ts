import { m } from '#src/paraglide/messages.js';
import type { ConsentFilter } from '#src/shared/enums.ts';
import { CONSENT_LABELS } from './referral-labels';

/**
 * The consent filter's options (issue 42.6): the consent states, and "Consent withdrawn", which the
 * lists tell from "Consent declined" as the profile's badge does.
 */
export const CONSENT_FILTER_LABELS: Record<ConsentFilter, () => string> = {
  ...CONSENT_LABELS,
  WITHDRAWN: m.referral_consent_withdrawn,
};
