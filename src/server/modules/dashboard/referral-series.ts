import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '#src/server/db/database.ts';
import { REWARDED_STATUSES } from '#src/shared/earning-types.ts';
import { type CalendarMonth, perMonth } from './calendar-months';
import { countSeries } from './month-series';

// The per-month series the dashboards and the earning page draw, over a set of referrals: every
// referral (the admin's platform numbers) or one recruiter's (`where recruiter_id = ...`).

// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a query that selects nothing yet.
type Referrals = SelectQueryBuilder<Database, 'referrals', {}>;

/** Referrals made, consents confirmed and hires, one count per month. */
export async function activitySeries(referrals: Referrals, months: CalendarMonth[]) {
  const [made, consents, hires] = await Promise.all([
    perMonth(months, (month, m) =>
      referrals
        .select((eb) => [m.as('m'), eb.fn.countAll<number>().as('n')])
        .where('referrals.created_at', '>=', month.start)
        .where('referrals.created_at', '<', month.end),
    ).execute(),
    perMonth(months, (month, m) =>
      referrals
        .select((eb) => [m.as('m'), eb.fn.countAll<number>().as('n')])
        .where('referrals.consent_status', '=', 'CONFIRMED')
        .where('referrals.consent_decided_at', '>=', month.start)
        .where('referrals.consent_decided_at', '<', month.end),
    ).execute(),
    // HIRED is final, so a hire has one history entry: the day it was hired.
    perMonth(months, (month, m) =>
      referrals
        .innerJoin('referral_history', 'referral_history.referral_id', 'referrals.id')
        .select((eb) => [m.as('m'), eb.fn.countAll<number>().as('n')])
        .where('referrals.hiring_status', '=', 'HIRED')
        .where('referral_history.action', '=', 'HIRING_CHANGED')
        .where('referral_history.to_value', '=', 'HIRED')
        .where('referral_history.created_at', '>=', month.start)
        .where('referral_history.created_at', '<', month.end),
    ).execute(),
  ]);
  return {
    made: countSeries(made, months.length),
    consents: countSeries(consents, months.length),
    hires: countSeries(hires, months.length),
  };
}

/** Rewards decided (approved, in a payment or paid) per month and currency: rows { m, currency, n, amount }. */
export const rewardsPerMonth = (referrals: Referrals, months: CalendarMonth[]) =>
  perMonth(months, (month, m) =>
    referrals
      .select((eb) => [
        m.as('m'),
        'referrals.reward_currency as currency',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('referrals.reward_amount').as('amount'),
      ])
      .where('referrals.reward_status', 'in', REWARDED_STATUSES)
      .where('referrals.reward_decided_at', '>=', month.start)
      .where('referrals.reward_decided_at', '<', month.end)
      .groupBy('referrals.reward_currency'),
  ).execute();
