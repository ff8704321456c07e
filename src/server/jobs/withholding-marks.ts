import type { AppDeps } from '#src/server/context.ts';
import { markYear } from '#src/server/modules/withholding/withholding-marks.ts';
import { withholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { malaysiaYearOf } from '#src/server/modules/withholding/withholding-year.ts';

/**
 * Section 107D (issue 46): marks the recruiters paid more than the threshold in the year before the
 * current one (Malaysia time). Run by the maintenance loop at start-up and every hour, so a new year's marks
 * are written within the hour after midnight on 1 January in Kuala Lumpur, a start-up finds the current
 * year done if it is not, and a payment recorded late into the year before still marks its recruiter.
 * Idempotent: a mark that exists is left as it is (withholding-marks.ts). Answers how many it wrote.
 */
export function markWithholdingYear(deps: AppDeps): Promise<number> {
  const now = deps.now();
  return markYear(deps.db, malaysiaYearOf(now), withholdingSettings(deps.env), now);
}
