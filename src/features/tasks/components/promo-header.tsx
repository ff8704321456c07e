import { Link } from '@tanstack/react-router';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { PromoSummary } from '#src/shared/recruiter-types.ts';

// The head of /task/promo/{id}: what the promo is, when it runs and what it adds per referral.
export function PromoHeader({ promo }: { promo: PromoSummary }) {
  return (
    <header className="space-y-3">
      <Link to="/task" className="link link-hover inline-block text-sm">
        ← {m.task_promo_back()}
      </Link>
      <div className="space-y-1">
        <p className="text-sm font-medium text-accent">{m.title_promo_tasks()}</p>
        <h1 className="text-2xl font-semibold">{promo.title}</h1>
        {promo.description && <p className="whitespace-pre-line text-base-content/80">{promo.description}</p>}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-base-content/60">{m.task_promo_period_label()}</dt>
          <dd>{m.task_promo_period({ start: formatDate(promo.startsAt), end: formatDate(promo.endsAt) })}</dd>
        </div>
        <div>
          <dt className="text-xs text-base-content/60">{m.task_promo_bonus_label()}</dt>
          <dd className="font-semibold text-accent" data-testid="promo-bonus">
            {formatMoney(promo.bonusAmount, promo.bonusCurrency)}
          </dd>
        </div>
      </dl>
      {!promo.running && (
        <div role="status" className="alert alert-soft alert-warning text-sm">
          {m.task_promo_not_running()}
        </div>
      )}
    </header>
  );
}
