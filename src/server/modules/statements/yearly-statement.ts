import { sql } from 'kysely';
import type { AppDeps } from '#src/server/context.ts';
import { isPostgres } from '#src/server/db/connect.ts';
import { malaysiaMonthSql } from '#src/server/db/insight-counters-sql.ts';
import { monthStartUtc } from '#src/server/modules/insight/period.ts';
import type { RecruiterAccount } from '#src/server/modules/payees/recruiter-account.ts';
import { paidLine, paidReferrals } from '#src/server/modules/payments/paid-referrals.ts';
import type { StatementPayment, StatementTotal, YearlyStatement } from '#src/shared/statement-types.ts';
import { payerOf } from './payer';

// Issue 46: a recruiter's yearly statement. The payments PAID within the calendar year in Malaysia time
// (payments_status_paid_at covers the range), each with the referrals it paid, and the totals per currency:
// sums of the stored integer amounts, so they are exact to the cent and equal the payments' own. Each payment
// carries what section 107D withheld from it (issue 46) and the net paid; the totals sum those too.

/** The first instant of a year in Kuala Lumpur, as stored times read (ISO UTC). */
const yearStartUtc = (year: number) => monthStartUtc(`${String(year).padStart(4, '0')}-01`);

export async function yearlyStatement(
  deps: AppDeps,
  recruiter: RecruiterAccount,
  year: number,
): Promise<YearlyStatement> {
  const { db } = deps;
  const from = yearStartUtc(year);
  const to = yearStartUtc(year + 1);
  const yearOf = sql.raw<string>(`substr(${malaysiaMonthSql(isPostgres(db), '"paid_at"')}, 1, 4)`);
  const [payments, years] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['id', 'amount', 'currency', 'withholding_rate', 'withheld_amount', 'net_amount', 'reference', 'paid_at'])
      .where('recruiter_id', '=', recruiter.id)
      .where('status', '=', 'PAID')
      .where('paid_at', '>=', from)
      .where('paid_at', '<', to)
      .orderBy('paid_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payments')
      .select(yearOf.as('year'))
      .distinct()
      .where('recruiter_id', '=', recruiter.id)
      .where('status', '=', 'PAID')
      .where('paid_at', 'is not', null)
      .orderBy('year', 'desc')
      .execute(),
  ]);
  const referrals = await paidReferrals(
    db,
    recruiter.id,
    payments.map((p) => p.id),
  );

  const statementPayments: StatementPayment[] = payments.map((p) => ({
    id: p.id,
    reference: p.reference,
    paidAt: p.paid_at as string,
    amount: Number(p.amount),
    currency: p.currency,
    withholdingRate: p.withholding_rate === null ? null : Number(p.withholding_rate),
    withheld: Number(p.withheld_amount),
    net: Number(p.net_amount),
    referrals: referrals.filter((r) => r.payment_id === p.id).map((r) => ({ ...paidLine(r, p), taskId: r.task_id })),
  }));

  const totals = new Map<string, StatementTotal>();
  for (const payment of statementPayments) {
    const total = totals.get(payment.currency) ?? {
      currency: payment.currency,
      amount: 0,
      withheld: 0,
      net: 0,
      payments: 0,
      referrals: 0,
    };
    total.amount += payment.amount;
    total.withheld += payment.withheld;
    total.net += payment.net;
    total.payments += 1;
    total.referrals += payment.referrals.length;
    totals.set(payment.currency, total);
  }

  return {
    year,
    timeZone: 'Asia/Kuala_Lumpur',
    from,
    to,
    recruiter: { id: recruiter.id, name: recruiter.fullName, email: recruiter.email },
    payer: payerOf(deps.env),
    payments: statementPayments,
    totals: [...totals.values()].sort((a, b) => b.amount - a.amount || a.currency.localeCompare(b.currency)),
    years: years.map((row) => Number(row.year)).filter(Number.isInteger),
  };
}
