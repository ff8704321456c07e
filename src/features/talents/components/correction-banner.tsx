import { useId, useState } from 'react';
import { TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useCloseCorrectionMutation } from '#src/features/talents/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDate } from '#src/lib/format.ts';
import { languageName } from '#src/lib/intl-names.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { m } from '#src/paraglide/messages.js';
import { correctionDoneSchema } from '#src/shared/data-protection-schemas.ts';
import { toAppLocale } from '#src/shared/enums.ts';
import type { TalentCorrection } from '#src/shared/recruiter-types.ts';

const DAY = 86_400_000;

// The talent asked, from their data page, for a correction (issue 24): the recruiter edits the profile as
// usual and has until the due date (21 days, PDPA s31). Once done, the recruiter closes the request here,
// saying what they corrected: the talent reads it on their data page, and admins see it with the request
// (an admin may also close it from Data protection).
export function CorrectionBanner({
  talentId,
  corrections,
  talentLocale,
  erased = false,
  now = Date.now(),
}: {
  talentId: number;
  corrections: TalentCorrection[];
  /** The language the talent's e-mails go in: the answer reaches them in it (issue 42.23). */
  talentLocale: string;
  erased?: boolean;
  now?: number;
}) {
  if (corrections.length === 0) return null;
  return (
    <div className="space-y-2">
      {corrections.map((c) => {
        const daysLeft = Math.ceil((new Date(c.dueAt).getTime() - now) / DAY);
        return (
          <div
            key={c.id}
            className="space-y-2 rounded-box border border-warning/50 bg-warning/10 p-3"
            data-testid="correction-request"
          >
            <div role="status" className="space-y-1">
              <p className="break-words">
                {m.talent_data_correction_banner({
                  date: formatDate(c.createdAt),
                  message: c.message,
                  dueDate: formatDate(c.dueAt),
                })}
              </p>
              <p className={`text-sm font-semibold ${daysLeft > 0 ? '' : 'text-error'}`}>
                {daysLeft > 0
                  ? m.talent_data_correction_days_left({ count: daysLeft })
                  : m.talent_data_correction_overdue()}
              </p>
            </div>
            {/* Not on an erased talent's page: nothing is left to correct. */}
            {!erased && <CloseCorrection talentId={talentId} requestId={c.id} talentLocale={talentLocale} />}
          </div>
        );
      })}
    </div>
  );
}

function CloseCorrection({
  talentId,
  requestId,
  talentLocale,
}: {
  talentId: number;
  requestId: number;
  talentLocale: string;
}) {
  const [open, setOpen] = useState(false);
  const [response, setResponse] = useState('');
  const mutation = useCloseCorrectionMutation(talentId);
  const values = { response };
  const { errors, formError, onSubmitOf, formRef } = useValidatedForm(correctionDoneSchema, values);
  const fieldId = useId();
  if (!open) {
    return (
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
        {m.talent_correction_done_open()}
      </button>
    );
  }
  const pending = mutation.isPending;
  return (
    <form
      ref={formRef}
      noValidate
      className="space-y-2"
      onSubmit={onSubmitOf(values, async (input) => {
        await mutation.mutateAsync({ requestId, response: input.response });
        toast.success(m.talent_correction_done_toast());
      })}
    >
      {formError && <FormAlert message={errorMessage(formError)} />}
      <TextAreaField
        id={fieldId}
        label={m.talent_correction_done_label()}
        hint={`${m.talent_correction_done_hint()} ${m.data_request_answer_language({
          language: languageName(toAppLocale(talentLocale)),
        })}`}
        className="bg-base-100"
        rows={3}
        value={response}
        onChange={(event) => setResponse(event.currentTarget.value)}
        error={errors.response}
        disabled={pending}
      />
      <div className="flex flex-wrap items-center gap-2">
        <SubmitButton
          pending={pending}
          label={m.talent_correction_done_submit()}
          pendingLabel={m.talent_edit_saving()}
        />
        <button type="button" className="btn btn-sm mt-2" disabled={pending} onClick={() => setOpen(false)}>
          {m.talent_edit_cancel()}
        </button>
      </div>
    </form>
  );
}
