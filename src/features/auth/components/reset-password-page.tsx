import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import * as v from 'valibot';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { useResetPasswordMutation } from '#src/features/auth/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { emailSchema } from '#src/shared/auth-schemas.ts';
import { EmailField } from './email-field';

const formSchema = v.object({ email: emailSchema });

/** /reset-password in either router (the app's, or a guest's first: src/guest-router.tsx). */
export function ResetPasswordScreen() {
  usePageTitle(m.title_reset_password());
  return <ResetPasswordPage />;
}

// The answer is the same whether or not the e-mail has an account, so the page never tells.
export function ResetPasswordPage() {
  const reset = useResetPasswordMutation();
  const { errors, formError, submit } = useValidatedForm(formSchema);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    void submit({ email }, async (output) => {
      await reset.mutateAsync(output);
    });
  }

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold">{m.auth_reset_sent_title()}</h1>
        <FormAlert kind="success" message={m.auth_reset_sent()} />
        <Link to="/login" className="btn btn-primary btn-sm">
          {m.auth_back_to_login()}
        </Link>
      </div>
    );
  }

  const pending = reset.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.auth_reset_heading()}</h1>
        <p className="text-sm text-base-content/70">{m.auth_reset_intro()}</p>
      </div>
      {formError && <FormAlert message={errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <EmailField id="reset-email" error={errors.email} disabled={pending} />
        <SubmitButton pending={pending} label={m.auth_reset_submit()} pendingLabel={m.auth_please_wait()} />
      </form>
      <Link to="/login" className="link link-hover text-center text-sm">
        {m.auth_back_to_login()}
      </Link>
    </div>
  );
}
