import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useUpdatePayoutMutation } from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { accountPayoutSchema } from '#src/shared/account-schemas.ts';
import type { AccountPayout, AccountProfile } from '#src/shared/account-types.ts';
import { AccountCard, SavedDetails, SaveOrCancel } from './account-card';

// The account number is only ever shown masked; editing asks for the full number again (the server
// never sends it back), so a half-remembered number is never saved by accident.
export function PayoutSection({ account }: { account: AccountProfile }) {
  const [editing, setEditing] = useState(false);
  return (
    <AccountCard id="account-payout" title={m.account_payout_heading()} intro={m.account_payout_intro()}>
      {editing ? (
        <PayoutForm payout={account.payout} onDone={() => setEditing(false)} />
      ) : (
        <SavedDetails
          summary={account.payout && <PayoutSummary payout={account.payout} />}
          none={m.account_payout_none()}
          editLabel={m.account_payout_edit()}
          addLabel={m.account_payout_add()}
          onEdit={() => setEditing(true)}
        />
      )}
    </AccountCard>
  );
}

function PayoutSummary({ payout }: { payout: AccountPayout }) {
  const digits = payout.accountNumberMasked.replace(/\D/g, '');
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-base-content/70">{m.account_bank_name_label()}</dt>
      <dd className="font-medium break-words">{payout.bankName}</dd>
      <dt className="text-base-content/70">{m.account_account_name_label()}</dt>
      <dd className="font-medium break-words">{payout.accountName}</dd>
      <dt className="text-base-content/70">{m.account_account_number_label()}</dt>
      <dd className="font-mono font-medium" data-testid="account-number-masked">
        <span aria-hidden="true">{payout.accountNumberMasked}</span>
        <span className="sr-only">{m.account_account_number_masked({ digits })}</span>
      </dd>
    </dl>
  );
}

function PayoutForm({ payout, onDone }: { payout: AccountPayout | null; onDone: () => void }) {
  const update = useUpdatePayoutMutation();
  const { errors, formError, submit } = useValidatedForm(accountPayoutSchema);
  const pending = update.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      bankName: String(form.get('bankName') ?? ''),
      accountName: String(form.get('accountName') ?? ''),
      accountNumber: String(form.get('accountNumber') ?? ''),
    };
    void submit(input, async (output) => {
      await update.mutateAsync(output);
      toast.success(m.account_payout_saved());
      onDone();
    });
  }

  return (
    <>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <TextField
          id="account-bank-name"
          label={m.account_bank_name_label()}
          name="bankName"
          defaultValue={payout?.bankName ?? ''}
          autoComplete="off"
          error={errors.bankName}
          disabled={pending}
        />
        <TextField
          id="account-account-name"
          label={m.account_account_name_label()}
          name="accountName"
          defaultValue={payout?.accountName ?? ''}
          autoComplete="name"
          error={errors.accountName}
          disabled={pending}
        />
        <TextField
          id="account-account-number"
          label={m.account_account_number_label()}
          name="accountNumber"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={payout?.accountNumberMasked}
          error={errors.accountNumber}
          disabled={pending}
          hint={
            <span className="text-base-content/70">
              {payout ? `${m.account_account_number_reenter()} ` : ''}
              {m.account_account_number_hint()}
            </span>
          }
        />
        <SaveOrCancel pending={pending} onCancel={onDone} />
      </form>
    </>
  );
}
