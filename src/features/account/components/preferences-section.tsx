import { type FormEvent, useMemo, useState } from 'react';
import { SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { ThemeSwitcher } from '#src/components/theme-switcher.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useUpdatePreferencesMutation } from '#src/features/account/api.ts';
import { timeZoneOptions } from '#src/features/account/time-zones.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale, setLocale } from '#src/paraglide/runtime.js';
import { accountPreferencesSchema } from '#src/shared/account-schemas.ts';
import type { AccountProfile } from '#src/shared/account-types.ts';
import { type AppLocale, LOCALES } from '#src/shared/enums.ts';
import { AccountCard } from './account-card';

const LANGUAGE_LABELS: Record<AppLocale, () => string> = { en: m.lang_en, ms: m.lang_ms, zh: m.lang_zh };

// Language and time zone are the account's (e-mails follow the language); once saved, the interface
// switches to the saved language as the language switcher does (setLocale: cookie and URL prefix,
// then a reload). The colour mode belongs to the device and applies at once.
export function PreferencesSection({ account }: { account: AccountProfile }) {
  const update = useUpdatePreferencesMutation();
  const { errors, formError, submit } = useValidatedForm(accountPreferencesSchema);
  const [locale, setLocaleValue] = useState<string>(account.locale);
  const [timezone, setTimezone] = useState(account.timezone);
  const zones = useMemo(() => timeZoneOptions(account.timezone), [account.timezone]);
  const pending = update.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit({ locale: locale as AppLocale, timezone }, async (output) => {
      const saved = await update.mutateAsync(output);
      toast.success(m.account_preferences_saved());
      if (saved.locale !== getLocale()) await setLocale(saved.locale);
    });
  }

  return (
    <AccountCard id="account-preferences" title={m.account_preferences_heading()}>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-1">
        <SelectField
          id="account-language"
          label={m.lang_label()}
          name="locale"
          value={locale}
          onChange={(event) => setLocaleValue(event.currentTarget.value)}
          error={errors.locale}
          disabled={pending}
          hint={m.account_language_hint()}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_LABELS[code]()}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="account-timezone"
          label={m.account_timezone_label()}
          name="timezone"
          value={timezone}
          onChange={(event) => setTimezone(event.currentTarget.value)}
          error={errors.timezone}
          disabled={pending}
          hint={m.account_timezone_hint()}
        >
          <optgroup label={m.account_timezone_common()}>
            {zones.common.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
          <optgroup label={m.account_timezone_all()}>
            {zones.all.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </optgroup>
        </SelectField>
        <div>
          <SubmitButton pending={pending} label={m.account_save()} pendingLabel={m.account_saving()} />
        </div>
      </form>
      <div className="divider my-0" />
      <fieldset className="fieldset">
        <legend className="fieldset-legend">{m.theme_label()}</legend>
        <ThemeSwitcher className="w-full sm:w-60" />
        <p className="mt-1 text-xs text-base-content/70">{m.account_theme_hint()}</p>
      </fieldset>
    </AccountCard>
  );
}
