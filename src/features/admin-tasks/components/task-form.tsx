import { type FormEvent, useState } from 'react';
import { DateTimeField } from '#src/components/form/date-time-field.tsx';
import { Choice, ChoiceGroup, SelectField, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SkillsInput, withPending } from '#src/components/form/skills-input.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { type TaskFormValues, toTaskInput } from '#src/features/admin-tasks/form-values.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { JOB_TYPE_LABELS } from '#src/lib/enum-labels/task-labels.ts';
import { currencyName, languageName } from '#src/lib/intl-names.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { adminTaskInputSchema, TASK_TEXT_MAX } from '#src/shared/admin-task-schemas.ts';
import type { AdminTaskDetail } from '#src/shared/admin-task-types.ts';
import { CANDIDATE_LANGUAGES, CURRENCIES, JOB_TYPES } from '#src/shared/enums.ts';

type TaskFormProps = {
  initial: TaskFormValues;
  /** The stored deadline of the task being edited: kept as it is when the admin does not touch it. */
  storedExpiresAt: string | null;
  pending: boolean;
  submitLabel: string;
  onSave: (input: ReturnType<typeof toTaskInput>) => Promise<AdminTaskDetail>;
  onSaved: (task: AdminTaskDetail) => void;
  onCancel: () => void;
};

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }));

/** The first error of a field or of one of its items ("requiredLanguages.0"). */
const errorOf = (errors: Record<string, string>, name: string) =>
  errors[name] ?? Object.entries(errors).find(([key]) => key.startsWith(`${name}.`))?.[1];

// Every task field of PRODUCT.md, validated by the schema the server uses. Money is typed in major
// units and sent in minor units; the deadline is typed in the admin's own time zone.
export function TaskForm({ initial, storedExpiresAt, pending, submitLabel, onSave, onSaved, onCancel }: TaskFormProps) {
  const [values, setValues] = useState(initial);
  const [skillText, setSkillText] = useState('');
  // With the values as they are now, an error goes once its field is valid again.
  const { errors, formError, submit } = useValidatedForm(adminTaskInputSchema, toTaskInput(values));
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));
  const text = (key: keyof TaskFormValues) => ({
    value: values[key] as string,
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
    disabled: pending,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const skills = withPending(values.requiredSkills, skillText);
    const input = toTaskInput({ ...values, requiredSkills: skills });
    // An untouched deadline goes back exactly as stored (the input shows minutes only).
    if (storedExpiresAt && values.expiresAt === initial.expiresAt) input.expiresAt = storedExpiresAt;
    void submit(input, async () => {
      setSkillText('');
      set('requiredSkills', skills);
      onSaved(await onSave(input));
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-2" aria-label={submitLabel}>
      {formError && <FormAlert message={errorMessage(formError)} />}
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            id="task-title"
            label={m.admin_tasks_field_title()}
            error={errors.title}
            maxLength={TASK_TEXT_MAX.title}
            {...text('title')}
          />
        </div>
        <TextField
          id="task-company"
          label={m.admin_tasks_field_company()}
          error={errors.company}
          maxLength={TASK_TEXT_MAX.company}
          {...text('company')}
        />
        <SelectField
          id="task-job-type"
          label={m.admin_tasks_field_job_type()}
          error={errors.jobType}
          placeholder={m.admin_tasks_field_job_type_pick()}
          options={JOB_TYPES.map((type) => ({ value: type, label: JOB_TYPE_LABELS[type]() }))}
          {...text('jobType')}
        />
        <TextField
          id="task-location"
          label={m.admin_tasks_field_location()}
          error={errors.location}
          maxLength={TASK_TEXT_MAX.location}
          {...text('location')}
        />
        <TextField
          id="task-country"
          label={m.admin_tasks_field_country()}
          error={errors.country}
          maxLength={TASK_TEXT_MAX.country}
          {...text('country')}
        />
        <div className="sm:col-span-2">
          <TextAreaField
            id="task-description"
            label={m.admin_tasks_field_description()}
            error={errors.description}
            rows={5}
            maxLength={TASK_TEXT_MAX.description}
            {...text('description')}
          />
        </div>
        <TextField
          id="task-reward"
          label={m.admin_tasks_field_reward()}
          hint={<span className="text-base-content/70">{m.admin_tasks_field_reward_hint()}</span>}
          error={errors.rewardAmount}
          inputMode="decimal"
          {...text('rewardAmount')}
        />
        <SelectField
          id="task-reward-currency"
          label={m.admin_tasks_field_reward_currency()}
          error={errors.rewardCurrency}
          options={CURRENCY_OPTIONS}
          {...text('rewardCurrency')}
        />
        <TextField
          id="task-quota"
          label={m.admin_tasks_field_quota()}
          hint={<span className="text-base-content/70">{m.admin_tasks_field_quota_hint()}</span>}
          error={errors.quota}
          inputMode="numeric"
          {...text('quota')}
        />
        <DateTimeField
          id="task-expires-at"
          label={m.admin_tasks_field_expires_at()}
          hint={m.admin_tasks_field_expires_at_hint()}
          error={errors.expiresAt}
          {...text('expiresAt')}
        />
        <TextField
          id="task-salary-min"
          label={m.admin_tasks_field_salary_min()}
          error={errors.salaryMin}
          inputMode="decimal"
          {...text('salaryMin')}
        />
        <TextField
          id="task-salary-max"
          label={m.admin_tasks_field_salary_max()}
          error={errors.salaryMax}
          inputMode="decimal"
          {...text('salaryMax')}
        />
        <SelectField
          id="task-salary-currency"
          label={m.admin_tasks_field_salary_currency()}
          error={errors.salaryCurrency}
          options={CURRENCY_OPTIONS}
          {...text('salaryCurrency')}
        />
        <ChoiceGroup id="task-critical" legend={m.admin_tasks_field_task_type()}>
          <Choice
            type="checkbox"
            name="isCritical"
            value="1"
            checked={values.isCritical}
            onChange={(checked) => set('isCritical', checked)}
            label={m.admin_tasks_field_critical()}
            disabled={pending}
          />
        </ChoiceGroup>
        <div className="sm:col-span-2">
          <ChoiceGroup
            id="task-languages"
            legend={m.admin_tasks_field_languages()}
            error={errorOf(errors, 'requiredLanguages')}
          >
            {CANDIDATE_LANGUAGES.map((code) => (
              <Choice
                key={code}
                type="checkbox"
                name="requiredLanguages"
                value={code}
                checked={values.requiredLanguages.includes(code)}
                onChange={(checked) =>
                  set(
                    'requiredLanguages',
                    checked
                      ? [...values.requiredLanguages, code]
                      : values.requiredLanguages.filter((item) => item !== code),
                  )
                }
                label={languageName(code)}
                disabled={pending}
              />
            ))}
          </ChoiceGroup>
        </div>
        <div className="sm:col-span-2">
          <SkillsInput
            id="task-skills"
            label={m.admin_tasks_field_skills()}
            skills={values.requiredSkills}
            onChange={(skills) => set('requiredSkills', skills)}
            text={skillText}
            onTextChange={setSkillText}
            error={errorOf(errors, 'requiredSkills')}
            disabled={pending}
          />
        </div>
      </div>
      <div className="flex items-center justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onCancel} disabled={pending}>
          {m.admin_tasks_cancel()}
        </button>
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={m.admin_tasks_saving()} />
      </div>
    </form>
  );
}
