import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { ratePercent, withheldOf } from '#src/shared/withholding.ts';

// Section 107D (issue 46): a payment's gross, the share withheld for the Inland Revenue Board and the net
// to transfer, as the new-payment dialog works it out before the payment exists (the same rule the server
// stores) and as the payment's detail shows what was stored.
export function WithholdingAmounts({
  gross,
  currency,
  rate,
  withheld = withheldOf(gross, rate),
  testId = 'withholding-amounts',
}: {
  gross: number;
  currency: string;
  /** Basis points. */
  rate: number;
  withheld?: number;
  testId?: string;
}) {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 text-sm" data-testid={testId}>
      <dt>{m.withholding_gross()}</dt>
      <dd className="text-right tabular-nums">{money(gross)}</dd>
      <dt>{m.withholding_withheld_rate({ rate: ratePercent(rate) })}</dt>
      <dd className="text-right tabular-nums">−{money(withheld)}</dd>
      <dt className="font-semibold">{m.withholding_net_to_pay()}</dt>
      <dd className="text-right font-semibold tabular-nums">{money(gross - withheld)}</dd>
    </dl>
  );
}
