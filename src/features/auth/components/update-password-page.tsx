import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { PasswordChecklist } from '#src/components/form/password-checklist.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { GuestLayout } from '#src/components/layout/guest-layout.tsx';
import { useUpdatePasswordMutation } from '#src/features/auth/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { registerFieldMessages } from '#src/lib/field-errors.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { updatePasswordSchema } from '#src/shared/auth-schemas.ts';

// The server's refusal of a guessable password (issue 22): only this page and Account can meet it, so it
// is registered here, not in the first load's table.
registerFieldMessages({
  password_common: m.error_field_password_common,
  password_personal: m.error_field_password_personal,
});

/**
 * /update-password in either router (the app's, or a guest's first: src/guest-router.tsx); its guard
 * (requireToken) let it through with a token.
 */
export function UpdatePasswordScreen() {
  usePageTitle(m.title_update_password());
  const { token } = useSearch({ strict: false });
  return (
    <GuestLayout>
      <UpdatePasswordPage token={token ?? ''} />
    </GuestLayout>
  );
}

export function UpdatePasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const update = useUpdatePasswordMutation();
  const [password, setPassword] = useState('');
  const { errors, formError, submit } = useValidatedForm(updatePasswordSchema);
  // A used or expired link can't be fixed by retyping: say so and offer a new one.
  const expired = formError !== null && (formError.code === 'INVALID_TOKEN' || Boolean(formError.fields?.token));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      token,
      password: String(form.get('password') ?? ''),
      confirmPassword: String(form.get('confirmPassword') ?? ''),
    };
    void submit(input, async (output) => {
      const { email } = await update.mutateAsync(output);
      await navigate({ to: '/login', state: { passwordUpdatedFor: email } });
    });
  }

  const pending = update.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.auth_update_heading()}</h1>
        <p className="text-sm text-base-content/70">{m.auth_update_intro()}</p>
      </div>
      {formError && (
        <div className="flex flex-col gap-2">
          <FormAlert message={expired ? m.error_invalid_token() : errorMessage(formError)} />
          {expired && (
            <Link to="/reset-password" className="link link-primary text-sm">
              {m.auth_request_new_link()}
            </Link>
          )}
        </div>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <TextField
          id="update-password"
          label={m.auth_new_password_label()}
          error={errors.password}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          disabled={pending}
          hint={<PasswordChecklist password={password} />}
        />
        <TextField
          id="update-confirm-password"
          label={m.auth_confirm_password_label()}
          error={errors.confirmPassword}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          disabled={pending}
        />
        <SubmitButton pending={pending} label={m.auth_update_submit()} pendingLabel={m.auth_please_wait()} />
      </form>
      <Link to="/login" className="link link-hover text-center text-sm">
        {m.auth_back_to_login()}
      </Link>
    </div>
  );
}
