import { formatMoney } from '../../../lib/format';
import type { MoneyTotal } from '../../../shared/admin-recruiter-types';

/** Totals in several currencies as one line ("RM 370.00 · S$50.00"); nothing yet reads as RM 0.00. */
export function formatTotals(totals: MoneyTotal[]): string {
  if (totals.length === 0) return formatMoney(0, 'MYR');
  return totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');
}
