import { useState } from 'react';
import * as v from 'valibot';
import { SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { useAddContactMutation } from '#src/features/admin-companies/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import { companyContactInputSchema } from '#src/shared/company-schemas.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';

const LANGUAGES: Record<AppLocale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// A new contact of the task's company, added in place (inside the share form: not a <form> of its own,
// which HTML does not nest), checked by the schema the server checks with.
export function ContactForm({
  taskId,
  companyId,
  onAdded,
  onCancel,
}: {
  taskId: number;
  companyId: number;
  onAdded: (contactId: number) => void;
  onCancel?: () => void;
}) {
  const add = useAddContactMutation(taskId);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [locale, setLocale] = useState<AppLocale>('en');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = () => {
    const parsed = v.safeParse(companyContactInputSchema, { name, email, locale });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    add.mutate(
      { companyId, input: { ...parsed.output, locale } },
      {
        onSuccess: (contact) => {
          setName('');
          setEmail('');
          onAdded(contact.id);
        },
        onError: (error) => setErrors(fieldErrors(asAppError(error).fields)),
      },
    );
  };

  return (
    <fieldset className="rounded-box border border-base-300 p-3" data-testid="share-contact-form">
      <legend className="px-1 text-sm font-medium">{m.admin_share_new_contact()}</legend>
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField
          id="share-contact-name"
          label={m.admin_share_contact_name()}
          value={name}
          error={errors.name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id="share-contact-email"
          type="email"
          label={m.admin_share_contact_email()}
          value={email}
          error={errors.email}
          autoComplete="off"
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          id="share-contact-locale"
          label={m.admin_share_contact_language()}
          value={locale}
          onChange={(event) => setLocale(event.target.value as AppLocale)}
          options={LOCALES.map((value) => ({ value, label: LANGUAGES[value]() }))}
        />
      </div>
      {add.error && !asAppError(add.error).fields && <FormAlert message={errorMessage(add.error)} />}
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={save} disabled={add.isPending}>
          {m.admin_share_save_contact()}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-sm btn-ghost" onClick={onCancel}>
            {m.admin_tasks_cancel()}
          </button>
        )}
      </div>
    </fieldset>
  );
}
