import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { SelectField, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import {
  type CountryCodeChoice,
  countryCodeChoiceOf,
  countryCodeOf,
  PhoneField,
} from '#src/components/form/phone-field.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { talentQueryOptions, useUpdateTalentMutation } from '#src/features/talents/api.ts';
import { talentLocale } from '#src/features/talents/contact.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { EDUCATION_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { currencyName, languageName } from '#src/lib/intl-names.ts';
import type { TalentFactsFormValues } from '#src/lib/talent-form-values.ts';
import { talentDisplayName } from '#src/lib/talent-name.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { CANDIDATE_LANGUAGES, CURRENCIES, EDUCATION_LEVELS, LOCALES } from '#src/shared/enums.ts';
import type { TalentDetail } from '#src/shared/recruiter-types.ts';
import { talentEditSchema } from '#src/shared/talent-schemas.ts';
import { CheckboxGroup, SkillsField, YesNoField } from './form-parts';

type FormValues = TalentFactsFormValues & {
  countryCode: CountryCodeChoice;
  hasWorkExperience: boolean | undefined;
  yearsOfExperience: string;
  currentPosition: string;
  skills: string[];
  summary: string;
};

const initialValues = (talent: TalentDetail): FormValues => ({
  fullName: talent.fullName,
  email: talent.email,
  countryCode: countryCodeChoiceOf(talent.countryCode),
  phone: talent.phone,
  languages: talent.languages,
  educationLevel: talent.educationLevel,
  country: talent.country,
  location: talent.location,
  expectedSalary: talent.expectedSalary == null ? '' : String(talent.expectedSalary),
  expectedSalaryCurrency: talent.expectedSalaryCurrency,
  contactLocale: talentLocale(talent.contactLocale),
  hasWorkExperience: talent.hasWorkExperience ?? undefined,
  yearsOfExperience: talent.yearsOfExperience == null ? '' : String(talent.yearsOfExperience),
  currentPosition: talent.currentPosition ?? '',
  skills: talent.skills,
  summary: talent.summary ?? '',
});

/** A field's error, also when the schema names an item of a list (`skills.2`). */
const errorOf = (errors: Record<string, string>, name: string) =>
  errors[name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${name}.`))?.[1];

// The talent's profile, edited with the same validation as the resume drop; e-mail and phone must stay
// unique among the recruiter's talents (the server answers 409 with the field).
export function TalentEditPage({ talentId }: { talentId: number }) {
  const { data: talent } = useSuspenseQuery(talentQueryOptions(talentId));
  const update = useUpdateTalentMutation(talentId);
  const navigate = useNavigate();
  const { errors, formError, submit } = useValidatedForm(talentEditSchema);
  const [values, setValues] = useState(() => initialValues(talent));
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const id = String(talent.id);
  const pending = update.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(
      {
        ...values,
        countryCode: countryCodeOf(values.countryCode),
        educationLevel: values.educationLevel as TalentDetail['educationLevel'],
        expectedSalaryCurrency: values.expectedSalaryCurrency as (typeof CURRENCIES)[number],
        contactLocale: values.contactLocale as (typeof LOCALES)[number],
      },
      async (fields) => {
        await update.mutateAsync(fields);
        toast.success(m.talent_edit_saved());
        await navigate({ to: '/talents-folder/$id/profile', params: { id } });
      },
    );
  }

  const text = (name: keyof FormValues) => ({
    name,
    value: values[name] as string,
    error: errorOf(errors, name),
    disabled: pending,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as never),
  });

  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <div className="space-y-1">
        <Link to="/talents-folder/$id/profile" params={{ id }} className="link link-hover text-sm">
          ‹ {m.talent_back_to_profile()}
        </Link>
        <h1 className="text-2xl font-semibold">{m.title_edit_talent_profile()}</h1>
        <p className="text-base-content/70">{talentDisplayName(talent.fullName)}</p>
      </div>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <section className="card border border-base-300 bg-base-100">
          <div className="card-body gap-1">
            <h2 className="card-title text-lg">{m.talent_edit_person_heading()}</h2>
            <TextField
              id="talent-full-name"
              label={m.talent_field_full_name()}
              autoComplete="off"
              {...text('fullName')}
            />
            <TextField
              id="talent-email"
              label={m.talent_field_email()}
              type="email"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              {...text('email')}
            />
            {/* The drop's own field: a select of the region's codes, any other typed (issue 42.22). */}
            <PhoneField
              id="talent-phone"
              countryCode={values.countryCode}
              onCountryCodeChange={(next) => set('countryCode', next)}
              phone={values.phone}
              onPhoneChange={(next) => set('phone', next)}
              countryCodeError={errorOf(errors, 'countryCode')}
              phoneError={errorOf(errors, 'phone')}
              disabled={pending}
            />
            <CheckboxGroup
              id="talent-languages"
              legend={m.talent_field_languages()}
              options={CANDIDATE_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
              value={values.languages}
              onChange={(next) => set('languages', next)}
              error={errorOf(errors, 'languages')}
              disabled={pending}
            />
            <SelectField
              id="talent-education"
              label={m.talent_field_education()}
              placeholder={m.talent_select_placeholder()}
              options={EDUCATION_LEVELS.map((level) => ({ value: level, label: EDUCATION_LABELS[level]() }))}
              {...text('educationLevel')}
            />
            <TextField id="talent-country" label={m.talent_field_country()} {...text('country')} />
            <TextField id="talent-location" label={m.talent_field_location()} {...text('location')} />
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_12rem]">
              <TextField
                id="talent-expected-salary"
                label={m.talent_field_expected_salary()}
                type="number"
                inputMode="decimal"
                min={0}
                step="any"
                hint={m.talent_salary_hint()}
                {...text('expectedSalary')}
              />
              <SelectField
                id="talent-currency"
                label={m.talent_field_currency()}
                options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }))}
                {...text('expectedSalaryCurrency')}
              />
            </div>
            <SelectField
              id="talent-contact-locale"
              label={m.talent_field_contact_locale()}
              hint={m.talent_contact_locale_hint()}
              options={LOCALES.map((code) => ({ value: code, label: languageName(code) }))}
              {...text('contactLocale')}
            />
          </div>
        </section>

        <section className="card border border-base-300 bg-base-100">
          <div className="card-body gap-1">
            <h2 className="card-title text-lg">{m.talent_edit_profile_heading()}</h2>
            <YesNoField
              id="talent-work-experience"
              legend={m.talent_field_work_experience()}
              value={values.hasWorkExperience}
              onChange={(next) => set('hasWorkExperience', next)}
              error={errorOf(errors, 'hasWorkExperience')}
              disabled={pending}
            />
            <TextField
              id="talent-years"
              label={m.talent_field_years()}
              type="number"
              inputMode="numeric"
              min={0}
              max={70}
              step={1}
              {...text('yearsOfExperience')}
            />
            <TextField id="talent-position" label={m.talent_field_position()} {...text('currentPosition')} />
            <SkillsField
              id="talent-skills"
              value={values.skills}
              onChange={(next) => set('skills', next)}
              error={errorOf(errors, 'skills')}
              disabled={pending}
            />
            <TextAreaField id="talent-summary" label={m.talent_field_summary()} rows={4} {...text('summary')} />
          </div>
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton pending={pending} label={m.talent_edit_save()} pendingLabel={m.talent_edit_saving()} />
          <Link to="/talents-folder/$id/profile" params={{ id }} className="btn btn-sm btn-ghost mt-2">
            {m.talent_edit_cancel()}
          </Link>
        </div>
      </form>
    </section>
  );
}
