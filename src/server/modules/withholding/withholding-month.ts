import { sql } from 'kysely';
import { type DB, isPostgres } from '#src/server/db/connect.ts';
import { malaysiaMonthSql } from '#src/server/db/insight-counters-sql.ts';
import { monthStartUtc, nextMonth } from '#src/server/modules/insight/period.ts';
import { readPayee } from '#src/server/personal-data/sealed-details.ts';
import type { SealingKeys } from '#src/server/security/sealing.ts';
import type { WithholdingMonth, WithholdingPayee, WithholdingRow } from '#src/shared/withholding-types.ts';
import { remitByOf } from './withholding-year';

// Section 107D (issue 46): what was withheld from the payments PAID in a month (Malaysia time), each with
// what Form CP107D asks about the payee and the day by which it must be remitted. Withholding happens when
// the money is paid, so a payment still pending is in no month yet. Totals are sums of the stored integer
// amounts, so they equal the payments' own to the cent.

export async function withholdingMonth(db: DB, keys: SealingKeys, month: string): Promise<WithholdingMonth> {
  const monthOf = sql.raw<string>(malaysiaMonthSql(isPostgres(db), '"paid_at"'));
  const [payments, months] = await Promise.all([
    db
      .selectFrom('payments')
      .innerJoin('users', 'users.id', 'payments.recruiter_id')
      .select([
        'payments.id',
        'payments.recruiter_id',
        'payments.reference',
        'payments.paid_at',
        'payments.currency',
        'payments.amount',
        'payments.withholding_rate',
        'payments.withheld_amount',
        'payments.net_amount',
        'users.full_name',
      ])
      .where('payments.status', '=', 'PAID')
      .where('payments.paid_at', '>=', monthStartUtc(month))
      .where('payments.paid_at', '<', monthStartUtc(nextMonth(month)))
      .where('payments.withheld_amount', '>', 0)
      .orderBy('payments.paid_at')
      .orderBy('payments.id')
      .execute(),
    db
      .selectFrom('payments')
      .select(monthOf.as('month'))
      .distinct()
      .where('status', '=', 'PAID')
      .where('paid_at', 'is not', null)
      .where('withheld_amount', '>', 0)
      .orderBy('month', 'desc')
      .execute(),
  ]);

  // Each payee's details opened once, however many of their payments the month holds.
  const payees = new Map<number, WithholdingPayee | null>();
  for (const recruiterId of new Set(payments.map((p) => p.recruiter_id))) {
    const details = await readPayee(db, keys, recruiterId);
    payees.set(
      recruiterId,
      details
        ? {
            fullName: details.fullName,
            idType: details.idType,
            idNumber: details.idNumber,
            taxNumber: details.taxNumber,
          }
        : null,
    );
  }

  const rows: WithholdingRow[] = payments.map((p) => ({
    paymentId: p.id,
    recruiterId: p.recruiter_id,
    recruiterName: p.full_name,
    payee: payees.get(p.recruiter_id) ?? null,
    reference: p.reference,
    paidAt: p.paid_at as string,
    currency: p.currency,
    gross: Number(p.amount),
    rate: Number(p.withholding_rate ?? 0),
    withheld: Number(p.withheld_amount),
    net: Number(p.net_amount),
    remitBy: remitByOf(p.paid_at as string),
  }));

  const totals = new Map<string, WithholdingMonth['totals'][number]>();
  for (const row of rows) {
    const total = totals.get(row.currency) ?? { currency: row.currency, gross: 0, withheld: 0, net: 0, payments: 0 };
    total.gross += row.gross;
    total.withheld += row.withheld;
    total.net += row.net;
    total.payments += 1;
    totals.set(row.currency, total);
  }

  return {
    month,
    timeZone: 'Asia/Kuala_Lumpur',
    rows,
    totals: [...totals.values()].sort((a, b) => b.withheld - a.withheld || a.currency.localeCompare(b.currency)),
    remitBy: rows.reduce<string | null>(
      (first, row) => (first === null || row.remitBy < first ? row.remitBy : first),
      null,
    ),
    months: months.map((row) => row.month),
  };
}
