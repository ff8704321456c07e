import { Link, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useAddRecruiterMutation } from '#src/features/admin-recruiters/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale } from '#src/paraglide/runtime.js';
import { addRecruiterSchema } from '#src/shared/admin-recruiter-schemas.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';

const LOCALE_LABELS: Record<AppLocale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// "Add New Recruiter": name, e-mail, phone and the invitation's language. The server creates the account
// with a temporary password and e-mails it; here the admin only sees that the invitation is on its way.
export function AddRecruiterForm() {
  const add = useAddRecruiterMutation();
  const navigate = useNavigate();
  const { errors, formError, submit } = useValidatedForm(addRecruiterSchema);
  const pending = add.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    void submit(
      { fullName: text('fullName'), email: text('email'), phone: text('phone'), locale: text('locale') as AppLocale },
      async (fields) => {
        const row = await add.mutateAsync(fields);
        toast.success(m.admin_recruiters_added_toast({ name: row.fullName, email: row.email }));
        await navigate({ to: '/admin/manage-task' });
      },
    );
  }

  const current = getLocale() as AppLocale;
  return (
    <section className="mx-auto max-w-xl space-y-4">
      <Link to="/admin/manage-task" className="link link-hover inline-block text-sm">
        ← {m.admin_recruiters_back_to_list()}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">{m.title_add_recruiter()}</h1>
        <p className="text-sm text-base-content/70">{m.admin_recruiters_add_intro()}</p>
      </div>
      {formError && <FormAlert message={errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-1">
          <TextField
            id="recruiter-full-name"
            name="fullName"
            label={m.admin_recruiters_field_full_name()}
            error={errors.fullName}
            autoComplete="off"
            maxLength={120}
            disabled={pending}
          />
          <TextField
            id="recruiter-email"
            name="email"
            type="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            label={m.admin_recruiters_field_email()}
            error={errors.email}
            autoComplete="off"
            disabled={pending}
          />
          <TextField
            id="recruiter-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            label={m.admin_recruiters_field_phone()}
            hint={<span className="text-base-content/70">{m.admin_recruiters_field_phone_hint()}</span>}
            error={errors.phone}
            autoComplete="off"
            disabled={pending}
          />
          <SelectField
            id="recruiter-locale"
            name="locale"
            label={m.admin_recruiters_field_locale()}
            hint={m.admin_recruiters_field_locale_hint()}
            error={errors.locale}
            defaultValue={(LOCALES as readonly string[]).includes(current) ? current : 'en'}
            disabled={pending}
            options={LOCALES.map((locale) => ({ value: locale, label: LOCALE_LABELS[locale]() }))}
          />
          <div className="card-actions items-center justify-end gap-2">
            <Link to="/admin/manage-task" className="btn btn-ghost btn-sm mt-2">
              {m.admin_recruiters_cancel()}
            </Link>
            <SubmitButton
              pending={pending}
              label={m.admin_recruiters_add_submit()}
              pendingLabel={m.admin_recruiters_add_pending()}
            />
          </div>
        </div>
      </form>
    </section>
  );
}
