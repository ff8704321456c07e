import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useUpdateProfileMutation } from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { accountProfileSchema } from '#src/shared/account-schemas.ts';
import type { AccountProfile } from '#src/shared/account-types.ts';
import type { Role } from '#src/shared/enums.ts';
import { AccountCard } from './account-card';

const ROLE_LABELS: Record<Role, () => string> = {
  ROLE_RECRUITER: m.account_role_recruiter,
  ROLE_ADMIN: m.account_role_admin,
};

export function ProfileSection({ account }: { account: AccountProfile }) {
  const update = useUpdateProfileMutation();
  const { errors, formError, submit } = useValidatedForm(accountProfileSchema);
  const [fullName, setFullName] = useState(account.fullName);
  const [phone, setPhone] = useState(account.phone ?? '');
  const pending = update.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ fullName, phone }, async (output) => {
      const saved = await update.mutateAsync(output);
      // The server answers the phone in E.164: show what is stored.
      setFullName(saved.fullName);
      setPhone(saved.phone ?? '');
      toast.success(m.account_profile_saved());
    });
  }

  return (
    <AccountCard id="account-profile" title={m.account_profile_heading()}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-base-content/70">{m.account_role_label()}</span>
        {account.roles.map((role) => (
          <span key={role} className="badge badge-soft badge-primary badge-sm">
            {ROLE_LABELS[role]?.() ?? role}
          </span>
        ))}
      </div>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <TextField
          id="account-email"
          label={m.account_email_label()}
          value={account.email}
          type="email"
          readOnly
          disabled
          hint={<span className="text-base-content/70">{m.account_email_hint()}</span>}
        />
        <TextField
          id="account-full-name"
          label={m.account_full_name_label()}
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={(event) => setFullName(event.currentTarget.value)}
          error={errors.fullName}
          disabled={pending}
        />
        <TextField
          id="account-phone"
          label={m.account_phone_label()}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={errors.phone}
          disabled={pending}
          hint={<span className="text-base-content/70">{m.account_phone_hint()}</span>}
        />
        <div>
          <SubmitButton pending={pending} label={m.account_save()} pendingLabel={m.account_saving()} />
        </div>
      </form>
    </AccountCard>
  );
}
