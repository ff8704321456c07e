import { type FormEvent, useState } from 'react';
import { DateTimeField } from '#src/components/form/date-time-field.tsx';
import { SelectField, TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { type PromoFormValues, toPromoInput } from '#src/features/admin-promos/form-values.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { currencyName } from '#src/lib/intl-names.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { type AdminPromoInput, adminPromoInputSchema } from '#src/shared/admin-promo-schemas.ts';
import type { AdminPromoDetail } from '#src/shared/admin-promo-types.ts';
import { CURRENCIES } from '#src/shared/enums.ts';

type PromoFormProps = {
  idPrefix: string;
  initial: PromoFormValues;
  /** The stored period of the promo being edited: an untouched time goes back exactly as stored. */
  stored?: { startsAt: string; endsAt: string };
  pending: boolean;
  submitLabel: string;
  onSave: (input: AdminPromoInput) => Promise<AdminPromoDetail>;
  onSaved: (promo: AdminPromoDetail) => void;
  onCancel?: () => void;
};

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} · ${currencyName(code)}` }));

// Title, period, bonus and description, validated by the schema the server uses (the period must end
// after it starts). The bonus is typed in major units; the period in the admin's own time zone.
export function PromoForm({
  idPrefix,
  initial,
  stored,
  pending,
  submitLabel,
  onSave,
  onSaved,
  onCancel,
}: PromoFormProps) {
  const [values, setValues] = useState(initial);
  const { errors, formError, submit } = useValidatedForm(adminPromoInputSchema);
  const field = (key: keyof PromoFormValues) => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((prev) => ({ ...prev, [key]: value }));
    },
    disabled: pending,
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toPromoInput(values);
    if (stored && values.startsAt === initial.startsAt) input.startsAt = stored.startsAt;
    if (stored && values.endsAt === initial.endsAt) input.endsAt = stored.endsAt;
    void submit(input, async () => onSaved(await onSave(input)));
  }

  return (
    <form noValidate onSubmit={onSubmit} className="@container space-y-2" aria-label={submitLabel}>
      {formError && <FormAlert message={errorMessage(formError)} />}
      {/* Two columns when the form (not the window) has room for two date-time inputs side by side: the
          edit panel beside the task list is narrow on a wide screen, and there they overlapped. */}
      <div className="grid grid-cols-1 gap-x-4 @lg:grid-cols-2 [&>*]:min-w-0">
        <div className="@lg:col-span-2">
          <TextField
            id={`${idPrefix}-title`}
            label={m.admin_promo_field_title()}
            error={errors.title}
            maxLength={120}
            {...field('title')}
          />
        </div>
        <DateTimeField
          id={`${idPrefix}-starts-at`}
          label={m.admin_promo_field_starts_at()}
          error={errors.startsAt}
          {...field('startsAt')}
        />
        <DateTimeField
          id={`${idPrefix}-ends-at`}
          label={m.admin_promo_field_ends_at()}
          error={errors.endsAt}
          {...field('endsAt')}
        />
        <p className="text-xs text-base-content/70 @lg:col-span-2">{m.admin_promo_field_period_hint()}</p>
        <TextField
          id={`${idPrefix}-bonus`}
          label={m.admin_promo_field_bonus()}
          hint={<span className="text-base-content/70">{m.admin_promo_field_bonus_hint()}</span>}
          error={errors.bonusAmount}
          inputMode="decimal"
          {...field('bonusAmount')}
        />
        <SelectField
          id={`${idPrefix}-bonus-currency`}
          label={m.admin_promo_field_bonus_currency()}
          error={errors.bonusCurrency}
          options={CURRENCY_OPTIONS}
          {...field('bonusCurrency')}
        />
        <div className="@lg:col-span-2">
          <TextAreaField
            id={`${idPrefix}-description`}
            label={m.admin_promo_field_description()}
            error={errors.description}
            rows={3}
            maxLength={2000}
            {...field('description')}
          />
        </div>
      </div>
      <div className="flex items-center justify-end gap-2">
        {onCancel && (
          <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onCancel} disabled={pending}>
            {m.admin_promo_cancel()}
          </button>
        )}
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={m.admin_promo_saving()} />
      </div>
    </form>
  );
}
