import { useQuery } from '@tanstack/react-query';
import { QueryDialog } from '#src/components/query-dialog.tsx';
import { adminPaymentQueryOptions } from '#src/features/admin-payments/api.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { PaymentDetail } from '#src/shared/payment-types.ts';
import { PaymentStatusBadge } from './payment-status-badge';
import { WithholdingAmounts } from './withholding-amounts';

// One payment as the admin checks it before (or after) the transfer: who is paid, into which account,
// and which referrals it pays, each with its task and amount. The number is the one the recruiter's
// earning page and the person view name ("In payment #5").
export function PaymentDetailDialog({ paymentId, onClose }: { paymentId: number; onClose: () => void }) {
  const query = useQuery(adminPaymentQueryOptions(paymentId));
  return (
    <QueryDialog
      query={query}
      title={m.admin_payments_detail_title({ id: String(paymentId) })}
      closeLabel={m.admin_payments_close()}
      boxClassName="modal-box max-w-2xl"
      onClose={onClose}
    >
      {(payment) => <PaymentFacts payment={payment} />}
    </QueryDialog>
  );
}

function PaymentFacts({ payment }: { payment: PaymentDetail }) {
  return (
    <div className="space-y-4 text-sm" data-testid="payment-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{payment.recruiterName}</p>
          <p className="text-xs text-base-content/70">{payment.recruiterEmail}</p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold tabular-nums">{formatMoney(payment.amount, payment.currency)}</p>
          <PaymentStatusBadge status={payment.status} />
        </div>
      </div>
      {payment.withholdingRate !== null && (
        <WithholdingAmounts
          gross={payment.amount}
          currency={payment.currency}
          rate={payment.withholdingRate}
          withheld={payment.withheld}
          testId="payment-detail-withholding"
        />
      )}
      <p>
        {m.admin_payments_payout({
          bank: payment.payout.bankName ?? '—',
          name: payment.payout.bankAccountName ?? '—',
          account: payment.payout.bankAccountNumber ?? '—',
        })}
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-base-content/60">{m.admin_payments_col_reference()}</dt>
          <dd data-testid="payment-detail-reference">{payment.reference ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-base-content/60">{m.admin_payments_col_created()}</dt>
          <dd>
            {formatDateTime(payment.createdAt)}
            {payment.createdBy && <span className="block text-xs text-base-content/70">{payment.createdBy.name}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-base-content/60">{m.admin_payments_col_paid()}</dt>
          <dd>{payment.paidAt ? formatDateTime(payment.paidAt) : '—'}</dd>
        </div>
      </dl>
      <section aria-labelledby={`payment-${payment.id}-referrals`}>
        <h3 id={`payment-${payment.id}-referrals`} className="mb-1 font-semibold">
          {m.admin_payments_detail_referrals()}
        </h3>
        <ul className="divide-y divide-base-300 rounded-box border border-base-300">
          {payment.referrals.map((referral) => (
            <li
              key={referral.id}
              className="flex items-start justify-between gap-3 px-3 py-2"
              data-testid="payment-referral"
            >
              <div className="min-w-0">
                <p className="font-medium">{referral.talentName}</p>
                <p className="text-xs text-base-content/70">
                  <span className="font-mono">{referral.taskCode}</span> · {referral.taskTitle}
                </p>
                {referral.decidedAt && (
                  <p className="text-xs text-base-content/60">
                    {m.admin_payments_detail_approved({ date: formatDateTime(referral.decidedAt) })}
                  </p>
                )}
              </div>
              <span className="whitespace-nowrap tabular-nums">{formatMoney(referral.amount, referral.currency)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
