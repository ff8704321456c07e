import { m } from '#src/paraglide/messages.js';
import type { PaymentStatus } from '#src/shared/enums.ts';

const STATUS_LABELS: Record<PaymentStatus, () => string> = {
  PENDING: m.admin_payments_status_pending,
  PAID: m.admin_payments_status_paid,
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span
      className={`badge badge-soft badge-sm whitespace-nowrap ${status === 'PAID' ? 'badge-success' : 'badge-warning'}`}
      data-testid="payment-status"
    >
      {STATUS_LABELS[status]()}
    </span>
  );
}
