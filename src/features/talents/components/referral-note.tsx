import { type FormEvent, useId, useState } from 'react';
import { TextAreaField } from '#src/components/form/fields.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { NoteAssistant } from '#src/components/note-assistant/note-assistant.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useSaveReferralNoteMutation } from '#src/features/talents/api.ts';
import { errorMessage, isAppError } from '#src/lib/app-error.ts';
import { RATING_LABELS } from '#src/lib/enum-labels/talent-labels.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { m } from '#src/paraglide/messages.js';
import type { NoteFacts } from '#src/shared/ai-note-schemas.ts';
import type { ReferralDetail } from '#src/shared/recruiter-types.ts';

// The referral's note: read as text; "Edit note" turns it into a field with the note assistant, saved
// with PUT /api/recruiter/talent-task/{id}/note. A failed save keeps what was typed.
export function ReferralNote({
  referral,
  talentId,
  facts,
}: {
  referral: ReferralDetail;
  talentId: number;
  /** The talent's profile facts, for the note assistant. */
  facts?: NoteFacts;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveReferralNoteMutation(referral.id, talentId);
  const editing = draft !== null;
  const fieldError = save.error && isAppError(save.error) ? fieldErrors(save.error.fields).note : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (draft === null || save.isPending) return;
    save.mutate(draft, {
      onSuccess: () => {
        toast.success(m.note_ai_saved());
        setDraft(null);
      },
    });
  }

  return (
    <section className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{m.referral_note_heading()}</h3>
        {!editing && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            onClick={() => {
              save.reset();
              setDraft(referral.recruiterNote ?? '');
            }}
          >
            {m.note_ai_edit_note()}
          </button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2">
          {save.isError && !fieldError && <FormAlert message={errorMessage(save.error)} />}
          <TextAreaField
            id={`${id}-note`}
            label={m.note_ai_note_label()}
            rows={6}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            error={fieldError}
            disabled={save.isPending}
          />
          <NoteAssistant
            taskId={referral.taskId}
            note={draft}
            facts={facts}
            onAccept={(note) => setDraft(note)}
            disabled={save.isPending}
          />
          <div className="flex flex-wrap items-center gap-2">
            <SubmitButton pending={save.isPending} label={m.note_ai_save()} pendingLabel={m.note_ai_saving()} />
            <button
              type="button"
              className="btn btn-sm btn-ghost mt-2"
              disabled={save.isPending}
              onClick={() => {
                save.reset();
                setDraft(null);
              }}
            >
              {m.note_ai_cancel()}
            </button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-line text-sm" data-testid="referral-note">
          {referral.recruiterNote || <span className="text-base-content/60">{m.referral_note_none()}</span>}
        </p>
      )}
      {referral.rating && (
        <p className="text-sm">
          <span className="text-base-content/60">{m.referral_rating()}:</span> {RATING_LABELS[referral.rating]()}
        </p>
      )}
    </section>
  );
}
