import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Modal } from '#src/components/modal.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { payableQueryOptions, useCreatePaymentMutation } from '#src/features/admin-payments/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatDate, formatMoney } from '#src/lib/format.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { m } from '#src/paraglide/messages.js';
import type { PayableRecruiter } from '#src/shared/payment-types.ts';
import { ratePercent } from '#src/shared/withholding.ts';
import { WithholdingAmounts } from './withholding-amounts';

function sumsOf(recruiter: PayableRecruiter | undefined, ticked: Set<number>) {
  const sums = new Map<string, number>();
  for (const referral of recruiter?.referrals ?? []) {
    if (ticked.has(referral.id)) sums.set(referral.currency, (sums.get(referral.currency) ?? 0) + referral.amount);
  }
  return [...sums.entries()];
}

// A new payment: one recruiter from those with approved referrals in no payment, then the referrals to pay
// (one currency per payment; the sum shows as they are ticked). For a recruiter marked for section 107D
// (issue 46), the gross, the share withheld and the net to transfer, before the payment is created.
export function NewPaymentDialog({ onClose }: { onClose: () => void }) {
  const payable = useQuery(payableQueryOptions());
  const create = useCreatePaymentMutation();
  const [recruiterId, setRecruiterId] = useState<number | null>(null);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const recruiterSelectId = useId();
  const recruiter = payable.data?.find((row) => row.recruiterId === recruiterId);
  const sums = useMemo(() => sumsOf(recruiter, ticked), [recruiter, ticked]);

  function pickRecruiter(id: number | null) {
    setRecruiterId(id);
    setError(null);
    const next = payable.data?.find((row) => row.recruiterId === id);
    // Start with every referral in the recruiter's main currency ticked.
    const currency = next?.totals[0]?.currency;
    setTicked(new Set(next?.referrals.filter((r) => r.currency === currency).map((r) => r.id) ?? []));
  }

  function toggle(id: number) {
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function submit() {
    if (!recruiterId || ticked.size === 0) {
      setError(m.admin_payments_pick_referrals());
      return;
    }
    setError(null);
    try {
      await create.mutateAsync({ recruiterId, referralIds: [...ticked] });
      toast.success(m.admin_payments_created());
      onClose();
    } catch (failure) {
      const appError = asAppError(failure);
      const fields = Object.values(fieldErrors(appError.fields));
      setError(fields[0] ?? errorMessage(appError));
    }
  }

  return (
    <Modal labelledBy={titleId} boxClassName="modal-box max-h-[90vh] w-full max-w-2xl" onClose={onClose}>
      <h3 id={titleId} className="text-lg font-semibold">
        {m.admin_payments_new_title()}
      </h3>
      {payable.isPending && <div className="skeleton mt-3 h-24 w-full" aria-busy="true" />}
      {payable.isError && <FormAlert message={errorMessage(payable.error)} />}
      {payable.data && payable.data.length === 0 && (
        <p className="py-3 text-sm text-base-content/70">{m.admin_payments_nothing_payable()}</p>
      )}
      {payable.data && payable.data.length > 0 && (
        <form
          className="space-y-3 pt-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <fieldset className="fieldset">
            <label className="fieldset-legend" htmlFor={recruiterSelectId}>
              {m.admin_payments_recruiter()}
            </label>
            <select
              id={recruiterSelectId}
              className="select select-sm w-full"
              value={recruiterId ?? ''}
              onChange={(event) => pickRecruiter(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{m.admin_payments_pick_recruiter()}</option>
              {payable.data.map((row) => (
                <option key={row.recruiterId} value={row.recruiterId}>
                  {row.recruiterName} ({row.totals.map((t) => formatMoney(t.amount, t.currency)).join(' · ')})
                </option>
              ))}
            </select>
          </fieldset>
          {recruiter && (
            <>
              <p className="text-sm text-base-content/80">
                {m.admin_payments_payout({
                  bank: recruiter.payout.bankName ?? '—',
                  name: recruiter.payout.bankAccountName ?? '—',
                  account: recruiter.payout.bankAccountNumber ?? '—',
                })}
              </p>
              <fieldset>
                <legend className="mb-1 text-sm font-medium">{m.admin_payments_referrals()}</legend>
                <ul className="max-h-64 space-y-1 overflow-y-auto">
                  {recruiter.referrals.map((referral) => (
                    <li key={referral.id}>
                      <label className="flex items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="checkbox checkbox-sm"
                          checked={ticked.has(referral.id)}
                          onChange={() => toggle(referral.id)}
                        />
                        <span className="flex-1">
                          {talentDisplayName(referral.talentName)} · {referral.taskCode} {referral.taskTitle}
                          {referral.decidedAt && (
                            <span className="text-base-content/60"> · {formatDate(referral.decidedAt)}</span>
                          )}
                        </span>
                        <span className="tabular-nums">{formatMoney(referral.amount, referral.currency)}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <p className="font-semibold" data-testid="payment-sum" aria-live="polite">
                {m.admin_payments_sum({
                  count: String(ticked.size),
                  amount: sums.length ? sums.map(([c, a]) => formatMoney(a, c)).join(' · ') : '—',
                })}
              </p>
              {recruiter.withholding && (
                <div className="space-y-2 rounded-box border border-warning/50 bg-warning/10 p-3" role="note">
                  <p className="text-sm" data-testid="payment-withholding-reason">
                    {m.admin_payments_withholding_reason({
                      name: recruiter.recruiterName,
                      paid: formatMoney(recruiter.withholding.paidAmount, 'MYR'),
                      year: String(recruiter.withholding.year - 1),
                      threshold: formatMoney(recruiter.withholding.threshold, 'MYR'),
                      rate: ratePercent(recruiter.withholding.rate),
                    })}
                  </p>
                  {sums.map(([currency, amount]) => (
                    <WithholdingAmounts
                      key={currency}
                      gross={amount}
                      currency={currency}
                      rate={recruiter.withholding?.rate ?? 0}
                      testId="payment-withholding"
                    />
                  ))}
                </div>
              )}
            </>
          )}
          {error && <FormAlert message={error} />}
          <div className="modal-action">
            <button type="button" className="btn btn-sm" onClick={onClose}>
              {m.admin_payments_close()}
            </button>
            <button type="submit" className="btn btn-sm btn-primary" disabled={create.isPending || !recruiter}>
              {create.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {m.admin_payments_create()}
            </button>
          </div>
        </form>
      )}
      {payable.data && payable.data.length === 0 && (
        <div className="modal-action">
          <button type="button" className="btn btn-sm" onClick={onClose}>
            {m.admin_payments_close()}
          </button>
        </div>
      )}
    </Modal>
  );
}
