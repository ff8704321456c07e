import { m } from '#src/paraglide/messages.js';
import type { PromoPeriod } from '#src/shared/enums.ts';

export const PERIOD_LABELS: Record<PromoPeriod, () => string> = {
  UPCOMING: m.admin_promo_period_upcoming,
  RUNNING: m.admin_promo_period_running,
  ENDED: m.admin_promo_period_ended,
};

const TONE: Record<PromoPeriod, string> = { UPCOMING: 'badge-info', RUNNING: 'badge-success', ENDED: 'badge-ghost' };

export function PeriodBadge({ period }: { period: PromoPeriod }) {
  return (
    <span className={`badge badge-soft badge-sm whitespace-nowrap ${TONE[period]}`} data-testid="promo-period-badge">
      {PERIOD_LABELS[period]()}
    </span>
  );
}
