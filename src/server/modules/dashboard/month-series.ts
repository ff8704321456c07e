import type { DB } from '#src/server/db/connect.ts';
import type { MoneyTotal } from '#src/shared/dashboard-types.ts';
import { knownZone } from './calendar-months';

// Turning grouped rows into what the dashboard and earning answers carry.

/** The user's own time zone (users.timezone), which their months are counted in. */
export async function userZone(db: DB, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst();
  return knownZone(row?.timezone);
}

/** Per-month counts from rows { m, n }, one slot per month (months with no row count 0). */
export function countSeries(rows: ReadonlyArray<{ m: unknown; n: unknown }>, size: number): number[] {
  const series = Array.from({ length: size }, () => 0);
  for (const row of rows) {
    const m = Number(row.m);
    if (m >= 0 && m < size) series[m] = (series[m] ?? 0) + Number(row.n);
  }
  return series;
}

/** Per-month sums per currency from rows { m, currency, amount }, each month's currencies largest first. */
export function moneySeries(
  rows: ReadonlyArray<{ m: unknown; currency: string | null; amount: unknown }>,
  size: number,
): MoneyTotal[][] {
  const series: Array<Map<string, number>> = Array.from({ length: size }, () => new Map());
  for (const row of rows) {
    const month = series[Number(row.m)];
    if (!month || !row.currency) continue;
    month.set(row.currency, (month.get(row.currency) ?? 0) + Number(row.amount ?? 0));
  }
  return series.map(toTotals);
}

/** Sums per currency from rows { currency, amount }, largest first. */
export function moneyTotals(rows: ReadonlyArray<{ currency: string | null; amount: unknown }>): MoneyTotal[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    if (!row.currency) continue;
    sums.set(row.currency, (sums.get(row.currency) ?? 0) + Number(row.amount ?? 0));
  }
  return toTotals(sums);
}

const toTotals = (sums: Map<string, number>): MoneyTotal[] =>
  [...sums]
    .map(([currency, amount]) => ({ currency, amount }))
    .sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency));
