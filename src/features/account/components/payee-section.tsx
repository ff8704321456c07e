import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Choice, ChoiceGroup, SelectField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { TextField } from '#src/components/form/text-field.tsx';
import { PayeeSummary } from '#src/components/payee/payee-summary.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { payeeQueryOptions, useSavePayeeMutation } from '#src/features/account/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { MALAYSIAN_STATE_LABELS, PAYEE_ID_TYPE_LABELS } from '#src/lib/enum-labels/payee-labels.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import {
  MALAYSIAN_STATES,
  PAYEE_ID_TYPES,
  type PayeeDetailsInput,
  type PayeeIdType,
  payeeDetailsSchema,
} from '#src/shared/payee-schemas.ts';
import type { PayeeDetails } from '#src/shared/payee-types.ts';
import { AccountCard, SavedDetails, SaveOrCancel } from './account-card';

// "Details for your tax form (CP58)" (issue 46): what the payer needs to give the recruiter, and the Inland
// Revenue Board, a statement of the incentives it paid them. The reason is said where they type it. Only
// recruiters are paid, so only they see this section.
export function PayeeSection() {
  const payee = useQuery(payeeQueryOptions());
  const [editing, setEditing] = useState(false);
  return (
    <AccountCard id="account-payee" title={m.payee_heading()}>
      <div className="space-y-1 text-sm text-base-content/80" data-testid="payee-reason">
        <p>{m.payee_reason()}</p>
        <p>{m.payee_privacy()}</p>
      </div>
      {payee.isPending && <div className="skeleton h-24 w-full" aria-busy="true" />}
      {payee.isError && !payee.data && <FormAlert message={errorMessage(payee.error)} />}
      {payee.isSuccess &&
        (editing ? (
          <PayeeForm payee={payee.data} onDone={() => setEditing(false)} />
        ) : (
          <SavedDetails
            summary={payee.data && <PayeeSummary payee={payee.data} />}
            none={m.payee_none()}
            editLabel={m.payee_edit()}
            addLabel={m.payee_add()}
            onEdit={() => setEditing(true)}
          />
        ))}
    </AccountCard>
  );
}

type Values = {
  fullName: string;
  idType: PayeeIdType;
  idNumber: string;
  taxNumber: string;
  address: { line1: string; line2: string; line3: string; postcode: string; city: string; state: string };
};

const valuesOf = (payee: PayeeDetails | null): Values => ({
  fullName: payee?.fullName ?? '',
  idType: payee?.idType ?? 'MYKAD',
  idNumber: payee?.idNumber ?? '',
  taxNumber: payee?.taxNumber ?? '',
  address: {
    line1: payee?.address.line1 ?? '',
    line2: payee?.address.line2 ?? '',
    line3: payee?.address.line3 ?? '',
    postcode: payee?.address.postcode ?? '',
    city: payee?.address.city ?? '',
    state: payee?.address.state ?? '',
  },
});

// The form keeps what was typed in its own state: a refusal (a field error from the server) or a failed
// send (offline, a timeout) leaves every field as it was, with the reason above or beside it.
function PayeeForm({ payee, onDone }: { payee: PayeeDetails | null; onDone: () => void }) {
  const save = useSavePayeeMutation();
  const [values, setValues] = useState<Values>(() => valuesOf(payee));
  const { errors, formError, submit, formRef } = useValidatedForm(payeeDetailsSchema, values as PayeeDetailsInput);
  const pending = save.isPending;
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const setAddress = (patch: Partial<Values['address']>) =>
    setValues((current) => ({ ...current, address: { ...current.address, ...patch } }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void submit(values as PayeeDetailsInput, async (output) => {
      await save.mutateAsync(output);
      toast.success(m.payee_saved());
      onDone();
    });
  }

  const text = (
    id: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    error: string | undefined,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      disabled={pending}
      {...extra}
    />
  );

  return (
    <>
      {formError && <FormAlert message={formError.fields ? m.error_validation_failed() : errorMessage(formError)} />}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-1" data-testid="payee-form">
        {text(
          'payee-full-name',
          m.payee_full_name_label(),
          values.fullName,
          (fullName) => set({ fullName }),
          errors.fullName,
          {
            autoComplete: 'name',
            hint: <span className="text-base-content/70">{m.payee_full_name_hint()}</span>,
          },
        )}
        <ChoiceGroup id="payee-id-type" legend={m.payee_id_type_label()} error={errors.idType}>
          {PAYEE_ID_TYPES.map((idType) => (
            <Choice
              key={idType}
              type="radio"
              name="idType"
              value={idType}
              checked={values.idType === idType}
              onChange={(checked) => checked && set({ idType })}
              label={PAYEE_ID_TYPE_LABELS[idType]()}
              disabled={pending}
            />
          ))}
        </ChoiceGroup>
        {text(
          'payee-id-number',
          values.idType === 'MYKAD' ? m.payee_mykad_number_label() : m.payee_passport_number_label(),
          values.idNumber,
          (idNumber) => set({ idNumber }),
          errors.idNumber,
          {
            autoComplete: 'off',
            spellCheck: false,
            inputMode: values.idType === 'MYKAD' ? 'numeric' : 'text',
            hint: (
              <span className="text-base-content/70">
                {values.idType === 'MYKAD' ? m.payee_mykad_hint() : m.payee_passport_hint()}
              </span>
            ),
          },
        )}
        {text(
          'payee-tax-number',
          m.payee_tax_number_optional_label(),
          values.taxNumber,
          (taxNumber) => set({ taxNumber }),
          errors.taxNumber,
          {
            autoComplete: 'off',
            spellCheck: false,
            hint: <span className="text-base-content/70">{m.payee_tax_number_hint()}</span>,
          },
        )}
        <fieldset className="fieldset mt-2">
          <legend className="fieldset-legend">{m.payee_address_label()}</legend>
          <p className="text-xs text-base-content/70">{m.payee_address_hint()}</p>
          {text(
            'payee-line1',
            m.payee_line1_label(),
            values.address.line1,
            (line1) => setAddress({ line1 }),
            errors['address.line1'],
            {
              autoComplete: 'address-line1',
            },
          )}
          {text(
            'payee-line2',
            m.payee_line2_label(),
            values.address.line2,
            (line2) => setAddress({ line2 }),
            errors['address.line2'],
            {
              autoComplete: 'address-line2',
            },
          )}
          {text(
            'payee-line3',
            m.payee_line3_label(),
            values.address.line3,
            (line3) => setAddress({ line3 }),
            errors['address.line3'],
            {
              autoComplete: 'address-line3',
            },
          )}
          <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-[10rem_1fr]">
            {text(
              'payee-postcode',
              m.payee_postcode_label(),
              values.address.postcode,
              (postcode) => setAddress({ postcode }),
              errors['address.postcode'],
              {
                autoComplete: 'postal-code',
                inputMode: 'numeric',
                maxLength: 5,
              },
            )}
            {text(
              'payee-city',
              m.payee_city_label(),
              values.address.city,
              (city) => setAddress({ city }),
              errors['address.city'],
              {
                autoComplete: 'address-level2',
              },
            )}
          </div>
          <SelectField
            id="payee-state"
            label={m.payee_state_label()}
            value={values.address.state}
            onChange={(event) => setAddress({ state: event.currentTarget.value })}
            error={errors['address.state']}
            disabled={pending}
            autoComplete="address-level1"
            placeholder={m.payee_state_placeholder()}
            options={MALAYSIAN_STATES.map((state) => ({ value: state, label: MALAYSIAN_STATE_LABELS[state]() }))}
          />
        </fieldset>
        <SaveOrCancel pending={pending} onCancel={onDone} />
      </form>
    </>
  );
}
