import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { myPaymentsQueryOptions } from '#src/features/earning/api.ts';
import { type EarningSearch, paymentsPaging } from '#src/features/earning/search-params.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { PaymentStatus } from '#src/shared/enums.ts';
import { ratePercent } from '#src/shared/withholding.ts';

const route = getRouteApi('/_auth/earning');

const PAYMENT_LABELS: Record<PaymentStatus, () => string> = {
  PENDING: m.earning_payment_pending,
  PAID: m.earning_payment_paid,
};

// My payments, newest first: what was paid, when, and the bank reference to look for. A payment from which
// section 107D withheld a share says so, and what reached the account (issue 46).
export function PaymentsList({ timeZone }: { timeZone: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data } = useSuspenseQuery(myPaymentsQueryOptions(paymentsPaging(search)));
  const time = (value: string) => formatDateTime(value, { timeZone });

  return (
    <section aria-labelledby="earning-payments" className="space-y-3">
      <h2 id="earning-payments" className="text-lg font-semibold">
        {m.earning_payments_heading()}
      </h2>
      {data.items.length === 0 ? (
        <EmptyState title={m.earning_payments_empty()} />
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-label={m.earning_payments_heading()}>
          {data.items.map((payment) => (
            <li key={payment.id}>
              <article className="card border border-base-300 bg-base-100" data-testid="earning-payment">
                <div className="card-body gap-1 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-lg font-semibold tabular-nums">
                      {formatMoney(payment.amount, payment.currency)}
                    </p>
                    <span
                      className={`badge badge-soft badge-sm ${payment.status === 'PAID' ? 'badge-success' : 'badge-warning'}`}
                    >
                      {PAYMENT_LABELS[payment.status]()}
                    </span>
                  </div>
                  {payment.withheld > 0 && (
                    <p className="text-sm" data-testid="earning-payment-withheld">
                      {m.earning_payment_withheld({
                        rate: ratePercent(payment.withholdingRate ?? 0),
                        withheld: formatMoney(payment.withheld, payment.currency),
                        net: formatMoney(payment.net, payment.currency),
                      })}
                    </p>
                  )}
                  <p className="text-sm">
                    {m.earning_payment_reference({ reference: payment.reference ?? m.earning_no_reference() })}
                  </p>
                  <p className="text-xs text-base-content/70">
                    {payment.paidAt
                      ? m.earning_payment_paid_at({ time: time(payment.paidAt) })
                      : m.earning_payment_created_at({ time: time(payment.createdAt) })}{' '}
                    · {m.earning_referral_count({ count: String(payment.referralCount) })}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {data.total > 0 && (
        <Pagination
          idPrefix="earning-payments"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={(next) =>
            navigate({
              search: (prev) => ({
                ...prev,
                paymentsPage: next.page,
                paymentsPageSize: next.pageSize as EarningSearch['paymentsPageSize'],
              }),
              resetScroll: false,
            })
          }
        />
      )}
    </section>
  );
}
