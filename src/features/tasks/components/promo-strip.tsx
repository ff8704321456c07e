import { Link } from '@tanstack/react-router';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { PromoSummary } from '#src/shared/recruiter-types.ts';

// Promos running now, above the board: a row that scrolls sideways on a phone.
export function PromoStrip({ promos }: { promos: PromoSummary[] }) {
  if (promos.length === 0) return null;
  return (
    <section aria-labelledby="running-promos" className="space-y-2">
      <h2 id="running-promos" className="text-sm font-semibold text-base-content/70">
        {m.task_promos_heading()}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-1">
        {promos.map((promo) => (
          <li key={promo.id} className="w-64 shrink-0 snap-start">
            <Link
              to="/task/promo/$id"
              params={{ id: String(promo.id) }}
              className="card card-sm h-full border border-accent/40 bg-accent/10 transition-colors hover:bg-accent/20"
              data-testid="promo-card"
            >
              <div className="card-body gap-1">
                <span className="badge badge-accent badge-sm font-semibold">{m.task_badge_promo()}</span>
                <h3 className="font-semibold leading-snug">{promo.title}</h3>
                <p className="text-sm font-semibold text-accent">
                  {m.task_promo_card_bonus({ amount: formatMoney(promo.bonusAmount, promo.bonusCurrency) })}
                </p>
                <p className="text-xs text-base-content/70">
                  {m.task_promo_ends({ date: formatDate(promo.endsAt) })}
                  {' · '}
                  {m.task_promo_task_count({ count: String(promo.taskCount) })}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
