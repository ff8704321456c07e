import type { ReactNode } from 'react';
import { SelectField } from '#src/components/form/fields.tsx';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { StatementPayment, YearlyStatement } from '#src/shared/statement-types.ts';
import { ratePercent } from '#src/shared/withholding.ts';

// A yearly statement on screen (issue 46): the recruiter's on their Earnings page and the admin's of a
// recruiter, read alike. The year is Malaysia's, so its days are shown in Malaysia time: a payment at 00:30
// on 1 January there reads 1 January, in the year it is counted in.
const ZONE = 'Asia/Kuala_Lumpur';

export function StatementYearPicker({
  id,
  year,
  years,
  onYear,
}: {
  id: string;
  year: number;
  years: number[];
  onYear: (year: number) => void;
}) {
  const choices = [...new Set([...years, year])].sort((a, b) => b - a);
  return (
    <SelectField
      id={id}
      label={m.statement_year_label()}
      className="select-sm w-32"
      value={String(year)}
      onChange={(event) => onYear(Number(event.currentTarget.value))}
      options={choices.map((choice) => ({ value: String(choice), label: String(choice) }))}
    />
  );
}

/** The year's totals and payments; `empty` says there were none, in the reader's words. */
export function StatementView({
  statement,
  empty,
  actions,
}: {
  statement: YearlyStatement;
  empty: string;
  actions?: ReactNode;
}) {
  const year = String(statement.year);
  return (
    <div className="space-y-3" data-testid="statement">
      {statement.payments.length === 0 ? (
        <p className="text-sm text-base-content/70">{empty}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={m.statement_totals_label({ year })}>
          {statement.totals.map((total) => (
            <li
              key={total.currency}
              className="rounded-box border border-base-300 bg-base-100 px-4 py-3"
              data-testid="statement-total"
            >
              <p className="text-sm text-base-content/70">{m.statement_total_paid({ year })}</p>
              <p className="text-xl font-semibold tabular-nums">{formatMoney(total.amount, total.currency)}</p>
              {total.withheld > 0 && (
                <p className="text-sm" data-testid="statement-total-withheld">
                  {m.statement_withheld_and_net({
                    withheld: formatMoney(total.withheld, total.currency),
                    net: formatMoney(total.net, total.currency),
                  })}
                </p>
              )}
              <p className="text-xs text-base-content/70">
                {m.statement_counts({ payments: String(total.payments), referrals: String(total.referrals) })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      {statement.payments.length > 0 && (
        <ol className="space-y-2" aria-label={m.statement_payments_label({ year })}>
          {statement.payments.map((payment) => (
            <li key={payment.id}>
              <StatementPaymentCard payment={payment} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function StatementPaymentCard({ payment }: { payment: StatementPayment }) {
  const money = (amount: number) => formatMoney(amount, payment.currency);
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-3 text-sm" data-testid="statement-payment">
      <h3 className="font-semibold">
        {m.statement_payment_heading({
          date: formatDate(payment.paidAt, { timeZone: ZONE }),
          id: String(payment.id),
        })}
      </h3>
      {payment.reference && (
        <p className="text-xs text-base-content/70 break-all">
          {m.statement_reference({ reference: payment.reference })}
        </p>
      )}
      <ul className="mt-2 divide-y divide-base-300">
        {payment.referrals.map((referral) => (
          <li key={referral.id} className="flex items-start justify-between gap-3 py-1.5">
            <div className="min-w-0">
              <p className="font-medium break-words">{talentDisplayName(referral.talentName)}</p>
              <p className="text-xs text-base-content/70 break-words">
                <span className="font-mono">{referral.taskCode}</span> · {referral.taskTitle}
              </p>
            </div>
            <span className="whitespace-nowrap tabular-nums">{formatMoney(referral.amount, referral.currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-1 space-y-0.5 border-t border-base-300 pt-1.5">
        <div className="flex justify-between gap-3 font-semibold">
          <dt>{m.statement_payment_total()}</dt>
          <dd className="tabular-nums">{money(payment.amount)}</dd>
        </div>
        {payment.withheld > 0 && (
          <>
            <div className="flex justify-between gap-3" data-testid="statement-payment-withheld">
              <dt>{m.withholding_withheld_rate({ rate: ratePercent(payment.withholdingRate ?? 0) })}</dt>
              <dd className="tabular-nums">−{money(payment.withheld)}</dd>
            </div>
            <div className="flex justify-between gap-3">
              <dt>{m.withholding_net_paid()}</dt>
              <dd className="tabular-nums">{money(payment.net)}</dd>
            </div>
          </>
        )}
      </dl>
    </article>
  );
}
