import { formatMoney } from '#src/lib/format.ts';
import type { MoneyTotal } from '#src/shared/admin-recruiter-types.ts';

/** Totals in several currencies as one line ("RM 370.00 · S$50.00"); nothing yet reads as RM 0.00. */
export function formatTotals(totals: MoneyTotal[]): string {
  if (totals.length === 0) return formatMoney(0, 'MYR');
  return totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');
}
