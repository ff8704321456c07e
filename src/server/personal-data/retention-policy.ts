import type { Env } from '#src/server/env.ts';
import type { RetentionPolicy } from '#src/shared/retention.ts';

/** The retention periods this server applies, from its environment (env.ts has the policy's defaults). */
export const retentionPolicy = (env: Env): RetentionPolicy => ({
  declinedDays: env.RETENTION_DECLINED_DAYS,
  inactiveMonths: env.RETENTION_INACTIVE_MONTHS,
  paymentYears: env.RETENTION_PAYMENT_YEARS,
  accessLogMonths: env.ACCESS_LOG_KEEP_MONTHS,
});
