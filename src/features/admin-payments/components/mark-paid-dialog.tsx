import { useEffect, useId, useRef, useState } from 'react';
import { DateTimeField } from '#src/components/form/date-time-field.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { Modal } from '#src/components/modal.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { usePayPaymentMutation } from '#src/features/admin-payments/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatMoney } from '#src/lib/format.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { fromWallTime, toWallTime } from '#src/lib/wall-time.ts';
import { m } from '#src/paraglide/messages.js';
import { PAYMENT_REFERENCE_MAX, payPaymentSchema } from '#src/shared/payment-schemas.ts';
import type { PaymentRow } from '#src/shared/payment-types.ts';
import { WithholdingAmounts } from './withholding-amounts';

// Mark a pending payment paid: the bank transfer's reference and when it was made (typed in the admin's
// own time zone, the one every date is shown in).
export function MarkPaidDialog({ payment, onClose }: { payment: PaymentRow; onClose: () => void }) {
  const pay = usePayPaymentMutation(payment.id);
  const { errors, formError, submit } = useValidatedForm(payPaymentSchema);
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(() => toWallTime(new Date()));
  const titleId = useId();
  const firstRef = useRef<HTMLDivElement>(null);
  useEffect(() => firstRef.current?.querySelector('input')?.focus(), []);
  return (
    <Modal labelledBy={titleId} boxClassName="modal-box" onClose={onClose}>
      <h3 id={titleId} className="text-lg font-semibold">
        {m.admin_payments_mark_paid_title()}
      </h3>
      <p className="py-2 text-sm">
        {payment.recruiterName} · {formatMoney(payment.amount, payment.currency)}
      </p>
      {payment.withholdingRate !== null && (
        <div className="pb-2">
          <WithholdingAmounts
            gross={payment.amount}
            currency={payment.currency}
            rate={payment.withholdingRate}
            withheld={payment.withheld}
          />
        </div>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit({ reference, paidAt: fromWallTime(paidAt) }, async (input) => {
            await pay.mutateAsync(input);
            toast.success(m.admin_payments_marked_paid());
            onClose();
          });
        }}
      >
        <div ref={firstRef}>
          <TextField
            id={`payment-${payment.id}-reference`}
            label={m.admin_payments_reference()}
            value={reference}
            maxLength={PAYMENT_REFERENCE_MAX}
            onChange={(event) => setReference(event.target.value)}
            error={errors.reference}
          />
        </div>
        <DateTimeField
          id={`payment-${payment.id}-paid-at`}
          label={m.admin_payments_paid_at()}
          value={paidAt}
          onChange={(event) => setPaidAt(event.target.value)}
          error={errors.paidAt}
        />
        {formError && !errors.reference && !errors.paidAt && <FormAlert message={errorMessage(formError)} />}
        <div className="modal-action">
          <button type="button" className="btn btn-sm" onClick={onClose}>
            {m.admin_payments_close()}
          </button>
          <SubmitButton
            pending={pay.isPending}
            label={m.admin_payments_mark_paid()}
            pendingLabel={m.common_loading()}
          />
        </div>
      </form>
    </Modal>
  );
}
