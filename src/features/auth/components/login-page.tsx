import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import * as v from 'valibot';
import { errorMessage, fieldErrors, isAppError } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';
import { loginSchema } from '../../../shared/auth-schemas';
import { useLoginMutation } from '../api';
import { safeRedirectPath } from '../guards';
import { FieldError, FormAlert } from './form-parts';

// Seed section 4: a login that answers needToChangePassword goes to /update-password with its token
// and does not log in; otherwise the session starts and the user goes back where they were headed.
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const login = useLoginMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = v.safeParse(loginSchema, {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      rememberMe: form.get('rememberMe') === 'on',
    });
    setFormError(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    try {
      const result = await login.mutateAsync({ ...parsed.output, rememberMe: parsed.output.rememberMe ?? false });
      if (result.kind === 'change-password') {
        await navigate({ to: '/update-password', search: { token: result.token } });
        return;
      }
      const target = safeRedirectPath(redirectTo);
      await (target ? navigate({ href: target }) : navigate({ to: '/dashboard' }));
    } catch (error) {
      if (isAppError(error) && error.fields) setErrors(fieldErrors(error.fields));
      setFormError(errorMessage(error));
    }
  }

  const pending = login.isPending;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-semibold">{m.auth_login_heading()}</h1>
        <p className="text-sm text-base-content/70">{m.auth_login_intro()}</p>
      </div>
      {formError && <FormAlert message={formError} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor="login-email">
            {m.auth_email_label()}
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={m.auth_email_placeholder()}
            className={`input w-full ${errors.email ? 'input-error' : ''}`}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            disabled={pending}
          />
          <FieldError id="login-email-error" message={errors.email} />
        </fieldset>
        <fieldset className="fieldset">
          <div className="flex items-center justify-between">
            <label className="fieldset-legend" htmlFor="login-password">
              {m.auth_password_label()}
            </label>
            <Link to="/reset-password" className="link link-hover link-primary text-xs">
              {m.auth_forgot_password()}
            </Link>
          </div>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            className={`input w-full ${errors.password ? 'input-error' : ''}`}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            disabled={pending}
          />
          <FieldError id="login-password-error" message={errors.password} />
        </fieldset>
        <label className="label cursor-pointer gap-2 text-sm">
          <input name="rememberMe" type="checkbox" className="checkbox checkbox-sm" disabled={pending} />
          {m.auth_remember_me()}
        </label>
        <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={pending} aria-busy={pending}>
          {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {pending ? m.auth_please_wait() : m.auth_login_submit()}
        </button>
      </form>
    </div>
  );
}
