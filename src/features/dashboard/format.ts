import { formatMoney } from '#src/lib/format.ts';
import type { MoneyTotal } from '#src/shared/dashboard-types.ts';

/** "RM 250.00 · S$50.00": sums in several currencies side by side; `zero` when there is none. */
export const formatTotals = (totals: MoneyTotal[], zero = formatMoney(0, 'MYR')) =>
  totals.length === 0 ? zero : totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');
