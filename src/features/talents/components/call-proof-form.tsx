import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import { DateTimeField } from '#src/components/form/date-time-field.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { invalidateReferral, queueCallProof } from '#src/features/talents/api.ts';
import { errorMessage, isBrowserOffline } from '#src/lib/app-error.ts';
import { formatBytes } from '#src/lib/format.ts';
import { OutboxStorageError, outboxErrorText } from '#src/lib/outbox/outbox-errors.ts';
import { useOutboxEntry } from '#src/lib/outbox/use-outbox.ts';
import { useValidatedForm } from '#src/lib/use-validated-form.ts';
import { fromWallTime, toWallTime } from '#src/lib/wall-time.ts';
import { m } from '#src/paraglide/messages.js';
import { CALL_PROOF_MAX_BYTES } from '#src/shared/constants.ts';
import { callProofSchema } from '#src/shared/talent-schemas.ts';

const ACCEPT = 'image/*,audio/*,application/pdf';

/** The browser's check before any byte is sent; the server checks size and magic bytes again. */
export function callProofFileError(file: File): string | null {
  if (file.size > CALL_PROOF_MAX_BYTES) return m.error_field_file_too_large();
  // Some phones give recordings no type at all: the server's magic-byte check decides those.
  const type = file.type;
  if (type && !type.startsWith('image/') && !type.startsWith('audio/') && type !== 'application/pdf') {
    return m.error_field_file_type_unsupported();
  }
  return null;
}

// Uploads proof of a call: a file chosen, a photo taken or a recording made on the phone, with when
// the call happened (typed in the recruiter's own time zone, the one the saved proof is shown in;
// sent as ISO) and a short note. The proof goes into the outbox first, so the form clears at once: the
// list above shows it waiting, sending, then the server's record; offline it is sent when the network
// is back.
export function CallProofForm({ referralId, talentId }: { referralId: number; talentId: number }) {
  const { errors, formError, submit } = useValidatedForm(callProofSchema);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [calledAt, setCalledAt] = useState(() => toWallTime(new Date()));
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  const [storageError, setStorageError] = useState<string | null>(null);
  // The entry sent from this form while it is on screen: its outcome is told once, as a toast.
  const [followId, setFollowId] = useState<string | undefined>();
  const followed = useOutboxEntry(followId);
  const queryClient = useQueryClient();
  const idBase = `call-proof-${referralId}-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    if (!followed) return;
    if (followed.state === 'sent') {
      toast.success(m.call_proof_ui_uploaded());
      // The runner refetches these too; a send so quick this tab never saw it waiting is covered here.
      void invalidateReferral(queryClient, referralId, talentId);
    } else if (followed.state === 'needs-attention') toast.error(outboxErrorText(followed) ?? m.error_generic());
    // A send that failed for the network: the entry waits on the device for the next chance.
    else if (followed.state === 'waiting' && followed.attempts > 0) toast.info(m.talent_outbox_saved_offline());
    else return;
    setFollowId(undefined);
  }, [followed, queryClient, referralId, talentId]);

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = ''; // the same file may be chosen again after a fix
    if (!chosen) return;
    setFile(chosen);
    setFileError(callProofFileError(chosen));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = file ? callProofFileError(file) : m.error_field_file_required();
    setFileError(problem);
    setStorageError(null);
    void submit({ referralId, calledAt: fromWallTime(calledAt), note }, async (fields) => {
      if (!file || problem) return;
      setSaving(true);
      let entryId: string;
      try {
        const entry = await queueCallProof(
          { referralId: fields.referralId, calledAt: fields.calledAt, note: fields.note, file },
          talentId,
        );
        entryId = entry.id;
      } catch (error) {
        // Nothing was stored: the form keeps what was typed, and says why.
        if (!(error instanceof OutboxStorageError)) throw error;
        setStorageError(errorMessage(error));
        return;
      } finally {
        setSaving(false);
      }
      setFile(null);
      setNote('');
      setCalledAt(toWallTime(new Date()));
      if (isBrowserOffline()) toast.info(m.talent_outbox_saved_offline());
      else setFollowId(entryId);
    });
  }

  const pending = saving;
  const shownFileError = fileError ?? errors.file;
  const fileErrorId = `${idBase}-file-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="card border border-base-300 bg-base-200/40">
      <div className="card-body gap-2 p-3">
        <h4 className="font-semibold">{m.call_proof_ui_add_heading()}</h4>
        {formError && !formError.fields && <FormAlert message={errorMessage(formError)} />}
        {storageError && <FormAlert message={storageError} />}

        <fieldset className="fieldset" aria-describedby={shownFileError ? fileErrorId : undefined}>
          <legend className="fieldset-legend">{m.call_proof_ui_file()}</legend>
          <div className="flex flex-wrap gap-2">
            <label className="btn btn-sm btn-primary" htmlFor={`${idBase}-photo`}>
              {m.call_proof_ui_take_photo()}
            </label>
            <input
              id={`${idBase}-photo`}
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={onFile}
              disabled={pending}
            />
            <label className="btn btn-sm btn-primary" htmlFor={`${idBase}-audio`}>
              {m.call_proof_ui_record_audio()}
            </label>
            <input
              id={`${idBase}-audio`}
              type="file"
              accept="audio/*"
              capture
              className="sr-only"
              onChange={onFile}
              disabled={pending}
            />
            <label className="btn btn-sm" htmlFor={`${idBase}-file`}>
              {m.call_proof_ui_choose_file()}
            </label>
            <input
              id={`${idBase}-file`}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              onChange={onFile}
              disabled={pending}
            />
          </div>
          <p className="label whitespace-normal break-all" data-testid="call-proof-selected">
            {file ? `${file.name} (${formatBytes(file.size)})` : m.call_proof_ui_no_file()}
          </p>
          <p className="label whitespace-normal">{m.call_proof_ui_file_hint()}</p>
          {shownFileError && (
            <p id={fileErrorId} className="label whitespace-normal text-error">
              {shownFileError}
            </p>
          )}
        </fieldset>

        <DateTimeField
          id={`${idBase}-called-at`}
          label={m.call_proof_ui_called_at()}
          value={calledAt}
          onChange={(event) => setCalledAt(event.target.value)}
          error={errors.calledAt}
          disabled={pending}
          required
        />
        <fieldset className="fieldset">
          <label className="fieldset-legend" htmlFor={`${idBase}-note`}>
            {m.call_proof_ui_note()}
          </label>
          <textarea
            id={`${idBase}-note`}
            className={`textarea w-full ${errors.note ? 'textarea-error' : ''}`}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${idBase}-note-error` : undefined}
            disabled={pending}
          />
          {errors.note && (
            <p id={`${idBase}-note-error`} className="label whitespace-normal text-error">
              {errors.note}
            </p>
          )}
        </fieldset>

        <div>
          <SubmitButton pending={pending} label={m.call_proof_ui_submit()} pendingLabel={m.call_proof_ui_uploading()} />
        </div>
      </div>
    </form>
  );
}
