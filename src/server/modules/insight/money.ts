import { sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { malaysiaMonthSql } from '#src/server/db/insight-counters-sql.ts';
import type { MoneyAnswer, MoneyCount, MoneyQuery } from '#src/shared/insight.ts';
import { monthStartUtc, nextMonth, periodOf } from './period';

// Issue 27: `GET /api/admin/insight/money`. Rewards from insight_money (kept by triggers, migration 017),
// payments from the payments table by its (status, paid_at, currency, amount) index (migration 009: a
// covering range, so no new index) with the rewards each holds, grouped in SQL and joined here by month
// and currency.

const APPROVED = ['APPROVED', 'PENDING_PAYMENT', 'PAID'];
const REFUSED = ['REJECTED', 'INELIGIBLE', 'NOT_VALID', 'EXCEED_QUOTA'];
const UNPAID = ['APPROVED', 'PENDING_PAYMENT'];

const count = (n: unknown, amount: unknown): MoneyCount => ({ count: Number(n), amount: Number(amount) });
const add = (a: MoneyCount, b: MoneyCount): MoneyCount => ({ count: a.count + b.count, amount: a.amount + b.amount });
const ZERO: MoneyCount = { count: 0, amount: 0 };

/** The Malaysia month of a stored time, as the counters read it; `column` is a name of this file's own. */
const monthSql = (db: DB, column: string) => sql.raw<string>(malaysiaMonthSql(isPostgres(db), `"${column}"`));

export async function moneyOf(db: DB, query: MoneyQuery, now: Date): Promise<MoneyAnswer> {
  const { from, to } = periodOf(query, now);
  const start = monthStartUtc(from);
  const end = monthStartUtc(nextMonth(to));
  const [rewards, paid, liability, promos] = await Promise.all([
    db
      .selectFrom('insight_money')
      .select((eb) => [
        'month',
        'reward_status',
        'currency',
        eb.fn.sum<number | string>('n').as('n'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('month', '>=', from)
      .where('month', '<=', to)
      .where('reward_status', 'in', [...APPROVED, ...REFUSED])
      .groupBy(['month', 'reward_status', 'currency'])
      .execute(),
    // Paid counts rewards, not payments: each paid payment with the number of referrals it holds (by the
    // referrals_payment index), summed per month. The amount stays the payments' own.
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('payments')
          .select((eb) => [
            'paid_at',
            'currency',
            'amount',
            eb
              .selectFrom('referrals')
              .select((sub) => sub.fn.countAll<number | string>().as('c'))
              .whereRef('referrals.payment_id', '=', 'payments.id')
              .as('rewards'),
          ])
          .where('status', '=', 'PAID')
          .where('paid_at', '>=', start)
          .where('paid_at', '<', end)
          .as('paid'),
      )
      .select((eb) => [
        monthSql(db, 'paid_at').as('month'),
        'currency',
        eb.fn.sum<number | string>('rewards').as('n'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .groupBy([monthSql(db, 'paid_at'), 'currency'])
      .execute(),
    db
      .selectFrom('insight_money')
      .select((eb) => [
        'reward_status',
        'currency',
        eb.fn.sum<number | string>('n').as('n'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('reward_status', 'in', UNPAID)
      .groupBy(['reward_status', 'currency'])
      .orderBy('currency')
      .execute(),
    db
      .selectFrom('promos')
      .select(['id', 'title', 'starts_at', 'ends_at', 'bonus_amount', 'bonus_currency'])
      .where('starts_at', '<', end)
      .where('ends_at', '>=', start)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);

  // A refusal fixes no money: its rows carry the currency '' (the counters' key for none), and the month's
  // refused count is answered on an entry of currency ''.
  const months = new Map<string, MoneyAnswer['months'][number]>();
  const entry = (month: string, currency: string) => {
    const key = `${month} ${currency}`;
    let found = months.get(key);
    if (!found) {
      found = { month, currency, approved: ZERO, refused: 0, paid: ZERO };
      months.set(key, found);
    }
    return found;
  };
  for (const r of rewards) {
    const e = entry(r.month, r.currency);
    if (APPROVED.includes(r.reward_status)) e.approved = add(e.approved, count(r.n, r.amount));
    else e.refused += Number(r.n);
  }
  for (const r of paid) {
    const e = entry(r.month, r.currency);
    e.paid = add(e.paid, count(r.n, r.amount));
  }

  const owed = new Map<string, MoneyAnswer['liability'][number]>();
  for (const r of liability) {
    const e = owed.get(r.currency) ?? { currency: r.currency, approved: ZERO, pendingPayment: ZERO };
    if (r.reward_status === 'APPROVED') e.approved = add(e.approved, count(r.n, r.amount));
    else e.pendingPayment = add(e.pendingPayment, count(r.n, r.amount));
    owed.set(r.currency, e);
  }

  return {
    from,
    to,
    months: [...months.values()]
      .filter((e) => e.approved.count !== 0 || e.refused !== 0 || e.paid.count !== 0)
      .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency)),
    liability: [...owed.values()].filter((e) => e.approved.count !== 0 || e.pendingPayment.count !== 0),
    promos: await promoFigures(db, promos),
  };
}

type PromoRow = {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  bonus_amount: number;
  bonus_currency: string;
};

/** What each promo brought (all its referrals, whenever made) and what they cost. */
async function promoFigures(db: DB, promos: PromoRow[]): Promise<MoneyAnswer['promos']> {
  if (promos.length === 0) return [];
  const ids = promos.map((p) => Number(p.id));
  const [funnel, cost] = await Promise.all([
    db
      .selectFrom('insight_funnel')
      .select((eb) => ['scope_id', 'hiring_status', eb.fn.sum<number | string>('n').as('n')])
      .where('scope', '=', 'promo')
      .where('scope_id', 'in', ids)
      .groupBy(['scope_id', 'hiring_status'])
      .execute(),
    db
      .selectFrom('insight_money')
      .select((eb) => [
        'promo_id',
        'currency',
        eb.fn.sum<number | string>('n').as('n'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('promo_id', 'in', ids)
      .where('reward_status', 'in', APPROVED)
      .groupBy(['promo_id', 'currency'])
      .orderBy('currency')
      .execute(),
  ]);
  return promos.map((p) => {
    const id = Number(p.id);
    const mine = funnel.filter((r) => Number(r.scope_id) === id);
    const referred = mine.reduce((sum, r) => sum + Number(r.n), 0);
    const hires = mine.filter((r) => r.hiring_status === 'HIRED').reduce((sum, r) => sum + Number(r.n), 0);
    return {
      promoId: id,
      title: p.title,
      startsAt: p.starts_at,
      endsAt: p.ends_at,
      referred,
      hires,
      cost: cost
        .filter((r) => Number(r.promo_id) === id && Number(r.n) !== 0)
        .map((r) => {
          const { count: n, amount } = count(r.n, r.amount);
          return {
            currency: r.currency,
            count: n,
            amount,
            bonus: r.currency === p.bonus_currency ? Number(p.bonus_amount) * n : 0,
            perHire: hires > 0 ? Math.round(amount / hires) : null,
          };
        }),
    };
  });
}
