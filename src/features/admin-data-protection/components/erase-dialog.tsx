import { useId, useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Modal } from '#src/components/modal.tsx';
import { useErasePersonMutation } from '#src/features/admin-data-protection/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { ERASE_CONFIRM_WORD, eraseSchema } from '#src/shared/data-protection-schemas.ts';
import type { EraseAnswer } from '#src/shared/data-protection-types.ts';

type EraseProps = {
  talentId: number;
  name: string;
  onCancel: () => void;
  onDone: (answer: EraseAnswer) => void;
};

// "Erase now" in two steps: first what will happen (deleted, or kept anonymised when money is involved),
// then the reason (kept in the record of access) and the word ERASE typed by hand.
export function EraseDialog({ talentId, name, onCancel, onDone }: EraseProps) {
  const [step, setStep] = useState<1 | 2>(1);
  if (step === 1) {
    return (
      <ConfirmDialog
        title={m.data_protection_erase_title({ name })}
        text={m.data_protection_erase_explain()}
        confirmLabel={m.data_protection_erase_continue()}
        cancelLabel={m.data_protection_cancel()}
        onConfirm={() => setStep(2)}
        onCancel={onCancel}
      >
        <p className="pb-2 text-sm text-base-content/80">{m.data_protection_erase_money_rule()}</p>
        <p className="text-sm font-medium">{m.data_protection_erase_final()}</p>
      </ConfirmDialog>
    );
  }
  return <EraseForm talentId={talentId} name={name} onCancel={onCancel} onDone={onDone} />;
}

function EraseForm({ talentId, name, onCancel, onDone }: EraseProps) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState('');
  const mutation = useErasePersonMutation(talentId);
  const values = { reason, confirm };
  const { errors, formError, submit, formRef } = useValidatedForm(eraseSchema, values);
  const pending = mutation.isPending;
  return (
    <Modal labelledBy={titleId} boxClassName="modal-box space-y-3" onClose={() => !pending && onCancel()}>
      <h3 id={titleId} className="text-lg font-semibold">
        {m.data_protection_erase_step2_title({ name })}
      </h3>
      <form
        ref={formRef}
        noValidate
        className="space-y-2"
        data-testid="erase-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(values, async (input) => onDone(await mutation.mutateAsync(input)));
        }}
      >
        {formError && <FormAlert message={errorMessage(formError)} />}
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor="erase-reason">
            {m.data_protection_erase_reason()}
          </label>
          <textarea
            id="erase-reason"
            className={`textarea w-full ${errors.reason ? 'textarea-error' : ''}`}
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'erase-reason-hint erase-reason-error' : 'erase-reason-hint'}
          />
          <p id="erase-reason-hint" className="label text-wrap">
            {m.data_protection_erase_reason_hint()}
          </p>
          {errors.reason && (
            <p id="erase-reason-error" className="label text-error text-wrap">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <fieldset className="fieldset">
          <label className="fieldset-legend text-wrap" htmlFor="erase-confirm">
            {m.data_protection_erase_type_word({ word: ERASE_CONFIRM_WORD })}
          </label>
          <input
            id="erase-confirm"
            className={`input w-full font-mono ${errors.confirm ? 'input-error' : ''}`}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'erase-confirm-error' : undefined}
          />
          {errors.confirm && (
            <p id="erase-confirm-error" className="label text-error text-wrap">
              {errors.confirm}
            </p>
          )}
        </fieldset>
        <div className="modal-action">
          <button type="button" className="btn btn-sm" onClick={onCancel} disabled={pending}>
            {m.data_protection_cancel()}
          </button>
          <button type="submit" className="btn btn-sm btn-error" disabled={pending} aria-busy={pending}>
            {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {m.data_protection_erase_confirm()}
          </button>
        </div>
      </form>
    </Modal>
  );
}
