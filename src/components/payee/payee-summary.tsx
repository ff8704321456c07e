import { idNumberText, MALAYSIAN_STATE_LABELS, PAYEE_ID_TYPE_LABELS } from '#src/lib/enum-labels/payee-labels.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import type { PayeeDetails } from '#src/shared/payee-types.ts';

// A recruiter's details for Form CP58 as saved (issue 46): on their own account page and on the admin's
// "Tax form details" of that recruiter, read the same way.
export function PayeeSummary({ payee }: { payee: PayeeDetails }) {
  const { address } = payee;
  const lines = [address.line1, address.line2, address.line3, `${address.postcode} ${address.city}`].filter(Boolean);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="payee-summary">
      <dt className="text-base-content/70">{m.payee_full_name_label()}</dt>
      <dd className="font-medium break-words">{payee.fullName}</dd>
      <dt className="text-base-content/70">{PAYEE_ID_TYPE_LABELS[payee.idType]()}</dt>
      <dd className="font-mono font-medium break-all">{idNumberText(payee.idType, payee.idNumber)}</dd>
      <dt className="text-base-content/70">{m.payee_tax_number_label()}</dt>
      <dd className="font-mono font-medium break-all">{payee.taxNumber ?? m.payee_not_given()}</dd>
      <dt className="text-base-content/70">{m.payee_address_label()}</dt>
      <dd className="font-medium break-words">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <span className="block">{MALAYSIAN_STATE_LABELS[address.state]()}</span>
      </dd>
      <dt className="text-base-content/70">{m.payee_updated_label()}</dt>
      <dd>{formatDateTime(payee.updatedAt)}</dd>
    </dl>
  );
}
