import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { ShowPasswordToggle, TextField } from '#src/components/form/text-field.tsx';
import { useLoginMutation } from '#src/features/auth/api.ts';
import { safeRedirectPath } from '#src/features/auth/guards.ts';
import { usePasswordUpdatedFor } from '#src/features/auth/password-updated.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { loginSchema } from '#src/shared/auth-schemas.ts';
import { EmailField } from './email-field';

/** /login in either router (the app's, or a guest's first: src/guest-router.tsx). */
export function LoginScreen() {
  usePageTitle(m.title_login());
  const { redirect } = useSearch({ strict: false });
  return <LoginPage redirectTo={safeRedirectPath(redirect)} />;
}

// Seed section 4: a login that answers needToChangePassword goes to /update-password with its token
// and does not log in; otherwise the session starts and the user goes back where they were headed.
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const { errors, formError, submit } = useValidatedForm(loginSchema);
  const [show, setShow] = useState(false);
  const updatedFor = usePasswordUpdatedFor();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      rememberMe: form.get('rememberMe') === 'on',
    };
    void submit(input, async (output) => {
      const result = await login.mutateAsync({ ...output, rememberMe: output.rememberMe ?? false });
      if (result.kind === 'change-password') {
        await navigate({ to: '/update-password', search: { token: result.token } });
        return;
      }
      const target = safeRedirectPath(redirectTo);
      // One language per person (issue 42.7): the signed-in layout makes this page's language the account's,
      // told by this mark (lib/account-locale-after-sign-in.ts; written here, not imported: /login's budget).
      try {
        sessionStorage.setItem('recruiter.signed-in', '1');
      } catch {
        // No session storage: the app stays in this page's language.
      }
      await (target ? navigate({ href: target }) : navigate({ to: '/dashboard' }));
    });
  }

  const pending = login.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.auth_login_heading()}</h1>
        <p className="text-sm text-base-content/70">{m.auth_login_intro()}</p>
      </div>
      {formError ? (
        <FormAlert message={errorMessage(formError)} />
      ) : (
        updatedFor !== undefined && <FormAlert kind="success" message={m.auth_password_updated()} />
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <EmailField id="login-email" error={errors.email} disabled={pending} defaultValue={updatedFor} />
        <TextField
          id="login-password"
          autoFocus={updatedFor !== undefined}
          label={m.auth_password_label()}
          labelAside={
            <Link to="/reset-password" className="link link-hover link-primary text-xs">
              {m.auth_forgot_password()}
            </Link>
          }
          error={errors.password}
          name="password"
          type={show ? 'text' : 'password'}
          autoComplete="current-password"
          autoCapitalize="none"
          spellCheck={false}
          disabled={pending}
        />
        <ShowPasswordToggle label={m.auth_show_password()} checked={show} onChange={setShow} disabled={pending} />
        <label className="label cursor-pointer gap-2 text-sm">
          <input name="rememberMe" type="checkbox" className="checkbox checkbox-sm" disabled={pending} />
          {m.auth_remember_me()}
        </label>
        <SubmitButton pending={pending} label={m.auth_login_submit()} pendingLabel={m.auth_please_wait()} />
      </form>
    </div>
  );
}
