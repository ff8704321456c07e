import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { PasswordChecklist } from '#src/components/form/password-checklist.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { ShowPasswordToggle, TextField } from '#src/components/form/text-field.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useChangePasswordMutation } from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { changePasswordSchema } from '#src/shared/account-schemas.ts';
import { AccountCard } from './account-card';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

// The server ends the account's other sessions and keeps this one: the user stays signed in here.
export function PasswordSection() {
  const change = useChangePasswordMutation();
  const { errors, formError, submit } = useValidatedForm(changePasswordSchema);
  const [values, setValues] = useState(EMPTY);
  const [show, setShow] = useState(false);
  const pending = change.isPending;
  const type = show ? 'text' : 'password';

  const field = (name: keyof typeof EMPTY) => ({
    name,
    type,
    value: values[name],
    error: errors[name],
    disabled: pending,
    autoCapitalize: 'none',
    spellCheck: false,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(values, async (output) => {
      await change.mutateAsync(output);
      setValues(EMPTY);
      setShow(false);
      toast.success(m.account_password_changed());
    });
  }

  return (
    <AccountCard id="account-password" title={m.account_password_heading()} intro={m.account_password_intro()}>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <TextField
          id="account-current-password"
          label={m.account_current_password_label()}
          autoComplete="current-password"
          {...field('currentPassword')}
        />
        <TextField
          id="account-new-password"
          label={m.account_new_password_label()}
          autoComplete="new-password"
          {...field('newPassword')}
          hint={<PasswordChecklist password={values.newPassword} />}
        />
        <TextField
          id="account-confirm-password"
          label={m.account_confirm_password_label()}
          autoComplete="new-password"
          {...field('confirmPassword')}
        />
        <ShowPasswordToggle label={m.account_show_passwords()} checked={show} onChange={setShow} disabled={pending} />
        <div>
          <SubmitButton pending={pending} label={m.account_password_submit()} pendingLabel={m.account_saving()} />
        </div>
      </form>
    </AccountCard>
  );
}
