import { formatMoney } from '../../lib/format';
import type { MoneyTotal } from '../../shared/dashboard-types';

/** "RM 250.00 · S$50.00": sums in several currencies side by side; `zero` when there is none. */
export const formatTotals = (totals: MoneyTotal[], zero = formatMoney(0, 'MYR')) =>
  totals.length === 0 ? zero : totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');
