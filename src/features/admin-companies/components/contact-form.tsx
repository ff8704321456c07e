import { useState } from 'react';
import * as v from 'valibot';
import { SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { useSaveContactMutation } from '#src/features/admin-companies/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import { companyContactInputSchema } from '#src/shared/company-schemas.ts';
import type { CompanyContact } from '#src/shared/company-types.ts';
import { type AppLocale, LOCALES, toAppLocale } from '#src/shared/enums.ts';

export const LANGUAGES: Record<AppLocale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// A company's contact, new (no `contact`) or changed, in place: inside the share form or the company's
// panel (not a <form> of its own, which HTML does not nest), checked by the schema the server checks with.
export function ContactForm({
  companyId,
  idPrefix,
  contact,
  onSaved,
  onCancel,
}: {
  companyId: number;
  /** The fields' ids: two forms may be on one screen. */
  idPrefix: string;
  contact?: CompanyContact;
  onSaved: (contact: CompanyContact) => void;
  onCancel?: () => void;
}) {
  const save = useSaveContactMutation(companyId);
  const [name, setName] = useState(contact?.name ?? '');
  const [email, setEmail] = useState(contact?.email ?? '');
  const [locale, setLocale] = useState<AppLocale>(contact ? toAppLocale(contact.locale) : 'en');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const parsed = v.safeParse(companyContactInputSchema, { name, email, locale });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.issues));
      return;
    }
    setErrors({});
    save.mutate(
      { contactId: contact?.id, input: { ...parsed.output, locale } },
      {
        onSuccess: (saved) => {
          if (!contact) {
            setName('');
            setEmail('');
          }
          onSaved(saved);
        },
        onError: (error) => setErrors(fieldErrors(asAppError(error).fields)),
      },
    );
  };

  return (
    <fieldset className="rounded-box border border-base-300 p-3" data-testid="contact-form">
      <legend className="px-1 text-sm font-medium">
        {contact ? m.admin_companies_edit_contact_named({ name: contact.name }) : m.admin_share_new_contact()}
      </legend>
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField
          id={`${idPrefix}-name`}
          label={m.admin_share_contact_name()}
          value={name}
          error={errors.name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id={`${idPrefix}-email`}
          type="email"
          label={m.admin_share_contact_email()}
          value={email}
          error={errors.email}
          autoComplete="off"
          onChange={(event) => setEmail(event.target.value)}
        />
        <SelectField
          id={`${idPrefix}-locale`}
          label={m.admin_share_contact_language()}
          value={locale}
          onChange={(event) => setLocale(event.target.value as AppLocale)}
          options={LOCALES.map((value) => ({ value, label: LANGUAGES[value]() }))}
        />
      </div>
      {save.error && !asAppError(save.error).fields && <FormAlert message={errorMessage(save.error)} />}
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn btn-sm btn-outline" onClick={submit} disabled={save.isPending}>
          {contact ? m.admin_companies_save_contact() : m.admin_share_save_contact()}
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
