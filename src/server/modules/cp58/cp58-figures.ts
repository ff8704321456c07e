import { sql } from 'kysely';
import type { DB } from '#src/server/db/connect.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { malaysiaMonthSql } from '#src/server/db/insight-counters-sql.ts';
import { SEALED_PLACES } from '#src/server/personal-data/sealed-details.ts';
import { type SealingKeys, unsealJson } from '#src/server/security/sealing.ts';
import type { Cp58Figures, Cp58Missing, Cp58Payee, Cp58Payment } from '#src/shared/cp58-types.ts';
import type { PayeeDetails } from '#src/shared/payee-types.ts';
import { yearBounds } from './cp58-settings';

// What a recruiter was paid in a year, as Form CP58 counts it (issue 46): the payments PAID within the
// calendar year in Malaysia time, as the yearly statement counts them, at their gross amount (what section
// 107D withholds is still the recruiter's income, remitted for them). Only ringgit count: the form is in
// RM and the product converts no currency, so payments in another currency are reported beside, never
// added in.

const CURRENCY = 'MYR';

/** One recruiter's year: the MYR payments (oldest first), their referrals, and the other currencies. */
export type PaidYear = {
  payments: Cp58Payment[];
  amount: number;
  referrals: number;
  other: Map<string, number>;
};

/** Every recruiter paid in the year (or only those named), by id. */
export async function paidInYear(db: DB, year: number, recruiterIds?: number[]): Promise<Map<number, PaidYear>> {
  const { from, to } = yearBounds(year);
  if (recruiterIds?.length === 0) return new Map();
  let payments = db
    .selectFrom('payments')
    .select(['id', 'recruiter_id', 'currency', 'amount', 'paid_at', 'reference'])
    .where('status', '=', 'PAID')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .orderBy('paid_at')
    .orderBy('id');
  let referrals = db
    .selectFrom('referrals')
    .innerJoin('payments', 'payments.id', 'referrals.payment_id')
    .select((eb) => ['payments.recruiter_id', eb.fn.countAll<number | string>().as('n')])
    .where('payments.status', '=', 'PAID')
    .where('payments.currency', '=', CURRENCY)
    .where('payments.paid_at', '>=', from)
    .where('payments.paid_at', '<', to)
    // The recruiter's own referrals, checked here too, as the statement does.
    .whereRef('referrals.recruiter_id', '=', 'payments.recruiter_id')
    .groupBy('payments.recruiter_id');
  if (recruiterIds) {
    payments = payments.where('recruiter_id', 'in', recruiterIds);
    referrals = referrals.where('payments.recruiter_id', 'in', recruiterIds);
  }
  const [paymentRows, referralRows] = await Promise.all([payments.execute(), referrals.execute()]);

  const years = new Map<number, PaidYear>();
  const of = (id: number) => {
    let paid = years.get(id);
    if (!paid) {
      paid = { payments: [], amount: 0, referrals: 0, other: new Map() };
      years.set(id, paid);
    }
    return paid;
  };
  for (const p of paymentRows) {
    const paid = of(p.recruiter_id);
    const amount = Number(p.amount);
    if (p.currency === CURRENCY) {
      paid.payments.push({ id: p.id, paidAt: p.paid_at as string, reference: p.reference, amount });
      paid.amount += amount;
    } else {
      paid.other.set(p.currency, (paid.other.get(p.currency) ?? 0) + amount);
    }
  }
  for (const r of referralRows) of(r.recruiter_id).referrals = Number(r.n);
  return years;
}

/** Part C from a recruiter's year: every reward is commission or incentive in cash; nothing is paid in kind. */
export function figuresOf(paid: PaidYear | undefined): Cp58Figures {
  const amount = paid?.amount ?? 0;
  return {
    currency: CURRENCY,
    lines: [
      { kind: 'CASH', amount },
      { kind: 'IN_KIND', amount: 0 },
    ],
    total: amount,
    payments: paid?.payments ?? [],
  };
}

/** Do two statements of Part C say the same, payment for payment? */
export const sameFigures = (a: Cp58Figures, b: Cp58Figures) => JSON.stringify(a) === JSON.stringify(b);

/** The payee as Part B names them, in a fixed shape, so two can be compared field by field. */
export function payeeOf(details: Omit<PayeeDetails, 'updatedAt'> & { updatedAt?: string }): Cp58Payee {
  return {
    fullName: details.fullName,
    idType: details.idType,
    idNumber: details.idNumber,
    taxNumber: details.taxNumber ?? null,
    address: {
      line1: details.address.line1,
      line2: details.address.line2 ?? null,
      line3: details.address.line3 ?? null,
      postcode: details.address.postcode,
      city: details.address.city,
      state: details.address.state,
    },
  };
}

export const samePayee = (a: Cp58Payee, b: Cp58Payee) => JSON.stringify(payeeOf(a)) === JSON.stringify(payeeOf(b));

/** What Part B lacks. The payee form asks for every field, so details once saved are whole; checked anyway. */
export function missingOf(payee: Cp58Payee | null): Cp58Missing[] {
  if (!payee) return ['PAYEE_DETAILS'];
  const missing: Cp58Missing[] = [];
  if (!payee.idNumber?.trim()) missing.push('ID_NUMBER');
  const { line1, postcode, city } = payee.address ?? {};
  if (!line1?.trim() || !postcode?.trim() || !city?.trim()) missing.push('ADDRESS');
  return missing;
}

/** The payee details of these recruiters, opened, by id (none for a recruiter who never saved them). */
export async function payeesOf(db: DB, keys: SealingKeys, recruiterIds: number[]): Promise<Map<number, Cp58Payee>> {
  if (recruiterIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('payees')
    .select(['user_id', 'sealed'])
    .where('user_id', 'in', recruiterIds)
    .execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      payeeOf(unsealJson<Omit<PayeeDetails, 'updatedAt'>>(keys, SEALED_PLACES.payee(row.user_id), row.sealed)),
    ]),
  );
}

/** Years with a payment in MYR or an issued form, newest first. */
export async function cp58Years(db: DB): Promise<number[]> {
  const yearOf = sql.raw<string>(`substr(${malaysiaMonthSql(isPostgres(db), '"paid_at"')}, 1, 4)`);
  const [paid, issued] = await Promise.all([
    db
      .selectFrom('payments')
      .select(yearOf.as('year'))
      .distinct()
      .where('status', '=', 'PAID')
      .where('currency', '=', CURRENCY)
      .where('paid_at', 'is not', null)
      .execute(),
    db.selectFrom('cp58_forms').select('year').distinct().execute(),
  ]);
  const years = new Set([...paid.map((r) => Number(r.year)), ...issued.map((r) => Number(r.year))]);
  return [...years].filter(Number.isInteger).sort((a, b) => b - a);
}
