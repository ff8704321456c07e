import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { Pagination } from '#src/components/list/pagination.tsx';
import { type Column, TableAndCards } from '#src/components/list/table-and-cards.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useCancelPaymentMutation } from '#src/features/admin-payments/api.ts';
import type { PaymentsSearch } from '#src/features/admin-payments/search.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { asPageSize } from '#src/lib/list-search.ts';
import { m } from '#src/paraglide/messages.js';
import type { ListPage } from '#src/shared/api-response.ts';
import type { PaymentRow } from '#src/shared/payment-types.ts';
import { MarkPaidDialog } from './mark-paid-dialog';
import { PaymentDetailDialog } from './payment-detail-dialog';
import { PaymentStatusBadge } from './payment-status-badge';

function PaymentActions({ payment }: { payment: PaymentRow }) {
  const cancel = useCancelPaymentMutation(payment.id);
  const [paying, setPaying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (payment.status !== 'PENDING') return null;
  return (
    <div className="flex flex-wrap justify-end gap-1">
      <button type="button" className="btn btn-xs btn-primary" onClick={() => setPaying(true)}>
        {m.admin_payments_mark_paid()}
      </button>
      <button type="button" className="btn btn-xs btn-outline btn-error" onClick={() => setConfirming(true)}>
        {m.admin_payments_cancel()}
      </button>
      {paying && <MarkPaidDialog payment={payment} onClose={() => setPaying(false)} />}
      {confirming && (
        <ConfirmDialog
          title={m.admin_payments_cancel_title()}
          text={m.admin_payments_cancel_text({
            name: payment.recruiterName,
            amount: formatMoney(payment.amount, payment.currency),
          })}
          confirmLabel={m.admin_payments_cancel_confirm()}
          cancelLabel={m.admin_payments_keep()}
          pending={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await cancel.mutateAsync();
              toast.success(m.admin_payments_cancelled());
              setConfirming(false);
            } catch (error) {
              toast.error(errorMessage(error));
            }
          }}
        />
      )}
    </div>
  );
}

// Section 107D (issue 46): the net the recruiter's account receives, under the gross.
function WithheldNote({ payment }: { payment: PaymentRow }) {
  if (payment.withheld === 0) return null;
  return (
    <div className="text-xs" data-testid="payment-withheld">
      {m.admin_payments_net_after({
        net: formatMoney(payment.net, payment.currency),
        withheld: formatMoney(payment.withheld, payment.currency),
      })}
    </div>
  );
}

// The payment's number, which opens its detail: the referrals it pays and the account it pays into.
function PaymentNumber({ payment, onOpen }: { payment: PaymentRow; onOpen: (id: number) => void }) {
  return (
    <button
      type="button"
      className="link link-primary font-mono"
      aria-haspopup="dialog"
      aria-label={m.admin_payments_open({ id: String(payment.id) })}
      onClick={() => onOpen(payment.id)}
    >
      #{payment.id}
    </button>
  );
}

// A function: the headings are read in the current language at each render.
const columns = (onOpen: (id: number) => void): Column<PaymentRow>[] => [
  {
    header: m.admin_payments_col_payment(),
    testId: 'payment-number',
    cell: (payment) => <PaymentNumber payment={payment} onOpen={onOpen} />,
  },
  {
    header: m.admin_payments_col_recruiter(),
    cell: (payment) => (
      <>
        <div className="font-semibold">{payment.recruiterName}</div>
        <div className="text-xs text-base-content/70">{payment.recruiterEmail}</div>
      </>
    ),
  },
  {
    header: m.admin_payments_col_amount(),
    className: 'text-right tabular-nums',
    cell: (payment) => (
      <>
        <div data-testid="payment-amount">{formatMoney(payment.amount, payment.currency)}</div>
        <WithheldNote payment={payment} />
        <div className="text-xs text-base-content/70">
          {m.admin_payments_referral_count({ count: String(payment.referralCount) })}
        </div>
      </>
    ),
  },
  { header: m.admin_payments_col_status(), cell: (payment) => <PaymentStatusBadge status={payment.status} /> },
  {
    header: m.admin_payments_col_reference(),
    testId: 'payment-reference',
    cell: (payment) => payment.reference ?? '—',
  },
  {
    header: m.admin_payments_col_created(),
    className: 'whitespace-nowrap text-sm',
    cell: (payment) => (
      <>
        {formatDateTime(payment.createdAt)}
        {payment.createdBy && <div className="text-xs text-base-content/70">{payment.createdBy.name}</div>}
      </>
    ),
  },
  {
    header: m.admin_payments_col_paid(),
    className: 'whitespace-nowrap text-sm',
    cell: (payment) => (payment.paidAt ? formatDateTime(payment.paidAt) : '—'),
  },
  {
    header: <span className="sr-only">{m.admin_payments_col_actions()}</span>,
    actions: true,
    cell: (payment) => <PaymentActions payment={payment} />,
  },
];

// The payments, newest first: a table on a desktop, cards on a phone or tablet.
export function PaymentList({
  data,
  onChange,
}: {
  data: ListPage<PaymentRow>;
  onChange: (patch: Partial<PaymentsSearch>) => void;
}) {
  const [opened, setOpened] = useState<number | null>(null);
  if (data.items.length === 0) return <EmptyState title={m.admin_payments_empty()} />;
  return (
    <div className="space-y-3">
      <TableAndCards
        label={m.admin_payments_list_label()}
        items={data.items}
        columns={columns(setOpened)}
        compact
        rowTestId="payment-row"
        cardTestId="payment-card"
        card={(payment) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <PaymentNumber payment={payment} onOpen={setOpened} />
                <h3 className="font-semibold">{payment.recruiterName}</h3>
                <p className="truncate text-xs text-base-content/70">{payment.recruiterEmail}</p>
              </div>
              <PaymentStatusBadge status={payment.status} />
            </div>
            <p className="text-lg font-semibold tabular-nums">{formatMoney(payment.amount, payment.currency)}</p>
            <WithheldNote payment={payment} />
            <p className="text-xs text-base-content/70">
              {m.admin_payments_referral_count({ count: String(payment.referralCount) })} ·{' '}
              {m.admin_payments_col_reference()}: {payment.reference ?? '—'}
            </p>
            <p className="text-xs text-base-content/60">
              {m.admin_payments_col_created()}: {formatDateTime(payment.createdAt)}
              {payment.paidAt && ` · ${m.admin_payments_col_paid()}: ${formatDateTime(payment.paidAt)}`}
            </p>
            <PaymentActions payment={payment} />
          </>
        )}
      />
      <Pagination
        idPrefix="payments"
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        onChange={(next) => onChange({ page: next.page, pageSize: asPageSize(next.pageSize) })}
      />
      {opened !== null && <PaymentDetailDialog paymentId={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
