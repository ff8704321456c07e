import { HIRING_LABELS } from '#src/lib/enum-labels/referral-labels.ts';
import { m } from '#src/paraglide/messages.js';
import type { FunnelStep } from '#src/shared/insight.ts';

/** The funnel's steps as the screen names them: the hiring stages keep the labels the referral lists use. */
export const STEP_LABELS: Record<FunnelStep, () => string> = {
  REFERRED: m.admin_insight_step_referred,
  CONSENT: m.admin_insight_step_consent,
  SHARED: m.admin_insight_step_shared,
  SCREENING: () => HIRING_LABELS.SCREENING(),
  INTERVIEW: () => HIRING_LABELS.INTERVIEW(),
  OFFERED: () => HIRING_LABELS.OFFERED(),
  HIRED: () => HIRING_LABELS.HIRED(),
};
