import { formatMonth } from '#src/components/charts/month-label.ts';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { PINNED_COLUMN, ScrollRegion } from '#src/components/list/scroll-region.tsx';
import { StatCard } from '#src/components/stat-card.tsx';
import { formatCount, NONE } from '#src/features/admin-insight/format.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { MoneyAnswer, MoneyCount } from '#src/shared/insight.ts';

// Where rewards go in the period: what is owed now per currency, rewards and payments per month and
// currency, and what each promo cost against the hires it brought. Currencies are never added together.

const number = 'text-right tabular-nums';
const rewards = (count: number) => m.admin_insight_rewards_count({ count: String(count) });

function Money({ value, currency }: { value: MoneyCount; currency: string }) {
  return (
    <div>
      <div>{formatMoney(value.amount, currency)}</div>
      <div className="text-xs text-base-content/60">{rewards(value.count)}</div>
    </div>
  );
}

type MonthRow = { month: string; refused: number; currencies: MoneyAnswer['months'] };

/**
 * One row per month: its refused count, and its approved and paid money per currency, stacked. A refusal
 * fixes no money, so the API answers a month's refusals on an entry of currency '' (no amounts): they are
 * counted here, never shown as a currency.
 */
function byMonth(months: MoneyAnswer['months']): MonthRow[] {
  const rows = new Map<string, MonthRow>();
  for (const entry of months) {
    const row = rows.get(entry.month) ?? { month: entry.month, refused: 0, currencies: [] };
    row.refused += entry.refused;
    if (entry.currency) row.currencies.push(entry);
    rows.set(entry.month, row);
  }
  return [...rows.values()];
}

function MoneyCells({ row, pick }: { row: MonthRow; pick: 'approved' | 'paid' }) {
  if (row.currencies.length === 0) return <>{NONE}</>;
  return (
    <div className="space-y-1">
      {row.currencies.map((entry) => (
        <Money key={entry.currency} value={entry[pick]} currency={entry.currency} />
      ))}
    </div>
  );
}

function Liability({ money }: { money: MoneyAnswer }) {
  return (
    <section aria-labelledby="insight-liability" className="space-y-2">
      <h3 id="insight-liability" className="font-semibold">
        {m.admin_insight_liability_heading()}
      </h3>
      {money.liability.length === 0 ? (
        <p className="text-sm text-base-content/70" data-testid="insight-liability-none">
          {m.admin_insight_liability_none()}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {money.liability
            .filter((row) => row.currency)
            .flatMap((row) => [
              <StatCard
                key={`${row.currency}-approved`}
                testId={`insight-owed-approved-${row.currency}`}
                label={m.admin_insight_liability_approved()}
                value={formatMoney(row.approved.amount, row.currency)}
                detail={rewards(row.approved.count)}
              />,
              <StatCard
                key={`${row.currency}-pending`}
                testId={`insight-owed-pending-${row.currency}`}
                label={m.admin_insight_liability_pending()}
                value={formatMoney(row.pendingPayment.amount, row.currency)}
                detail={rewards(row.pendingPayment.count)}
              />,
            ])}
        </div>
      )}
    </section>
  );
}

function MonthTable({ money }: { money: MoneyAnswer }) {
  return (
    <section aria-labelledby="insight-money-months" className="space-y-2">
      <h3 id="insight-money-months" className="font-semibold">
        {m.admin_insight_month_money_heading()}
      </h3>
      {money.months.length === 0 ? (
        <EmptyState title={m.admin_insight_money_empty()} />
      ) : (
        <ScrollRegion label={m.admin_insight_month_money_heading()} className="bg-base-100">
          <table className="table table-sm" data-testid="insight-money-table">
            <thead>
              <tr>
                <th scope="col" className={PINNED_COLUMN}>
                  {m.admin_insight_col_month()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_approved()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_refused()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_paid()}
                </th>
              </tr>
            </thead>
            <tbody>
              {byMonth(money.months).map((row) => (
                <tr key={row.month} data-testid="insight-money-row">
                  <th scope="row" className={`whitespace-nowrap align-top font-normal ${PINNED_COLUMN}`}>
                    {formatMonth(row.month)}
                  </th>
                  <td className={`${number} whitespace-nowrap align-top`} data-testid="insight-money-approved">
                    <MoneyCells row={row} pick="approved" />
                  </td>
                  <td className={`${number} align-top`} data-testid="insight-money-refused">
                    {formatCount(row.refused)}
                  </td>
                  <td className={`${number} whitespace-nowrap align-top`} data-testid="insight-money-paid">
                    <MoneyCells row={row} pick="paid" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

function PromoTable({ money }: { money: MoneyAnswer }) {
  return (
    <section aria-labelledby="insight-promos" className="space-y-2">
      <h3 id="insight-promos" className="font-semibold">
        {m.admin_insight_promos_heading()}
      </h3>
      {money.promos.length === 0 ? (
        <EmptyState title={m.admin_insight_promos_empty()} />
      ) : (
        <ScrollRegion label={m.admin_insight_promos_heading()} className="bg-base-100">
          <table className="table table-sm" data-testid="insight-promo-table">
            <thead>
              <tr>
                <th scope="col" className={PINNED_COLUMN}>
                  {m.admin_insight_col_promo()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_referred()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_hires()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_cost()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_bonus()}
                </th>
                <th scope="col" className="text-right">
                  {m.admin_insight_col_per_hire()}
                </th>
              </tr>
            </thead>
            <tbody>
              {money.promos.map((promo) => (
                <tr key={promo.promoId} data-testid="insight-promo-row">
                  <th scope="row" className={`min-w-40 font-normal ${PINNED_COLUMN}`}>
                    <div className="font-medium">{promo.title}</div>
                    <div className="text-xs text-base-content/60 whitespace-nowrap">
                      {formatDate(promo.startsAt)} – {formatDate(promo.endsAt)}
                    </div>
                  </th>
                  <td className={number}>{formatCount(promo.referred)}</td>
                  <td className={number}>{formatCount(promo.hires)}</td>
                  {promo.cost.length === 0 ? (
                    <td className="text-right text-base-content/60" colSpan={3}>
                      {m.admin_insight_no_cost()}
                    </td>
                  ) : (
                    <>
                      <td className={`${number} whitespace-nowrap`}>
                        {promo.cost.map((cost) => (
                          <div key={cost.currency}>{formatMoney(cost.amount, cost.currency)}</div>
                        ))}
                      </td>
                      <td className={`${number} whitespace-nowrap`}>
                        {promo.cost.map((cost) => (
                          <div key={cost.currency}>{formatMoney(cost.bonus, cost.currency)}</div>
                        ))}
                      </td>
                      <td className={`${number} whitespace-nowrap`}>
                        {promo.cost.map((cost) => (
                          <div key={cost.currency}>
                            {cost.perHire === null ? NONE : formatMoney(cost.perHire, cost.currency)}
                          </div>
                        ))}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

export function MoneySection({ money }: { money: MoneyAnswer }) {
  return (
    <section aria-labelledby="insight-money" className="space-y-4">
      <div>
        <h2 id="insight-money" className="text-lg font-semibold">
          {m.admin_insight_money_heading()}
        </h2>
        <p className="text-sm text-base-content/70">{m.admin_insight_money_intro()}</p>
      </div>
      <Liability money={money} />
      <MonthTable money={money} />
      <PromoTable money={money} />
    </section>
  );
}
