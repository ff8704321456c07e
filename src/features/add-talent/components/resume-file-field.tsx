import { type DragEvent, type ReactNode, useState } from 'react';
import { FieldError } from '#src/components/form/fields.tsx';
import { formatBytes } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { RESUME_MAX_BYTES } from '#src/shared/constants.ts';

// The resume: a file picker (on a phone, the system picker: files, photos or the camera) inside a drop
// zone for desktop. The browser checks size and type before anything is sent; the server checks again
// by size and magic bytes.

export type PickedFile = { name: string; type: string; size: number; data: Blob | ArrayBuffer };

export const RESUME_ACCEPT = '.pdf,.doc,.docx,image/*';

const RESUME_TYPES = new Set([
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
]);
// Phones often give HEIC photos and Word files no type at all: the name then decides.
const RESUME_NAME = /\.(pdf|docx?|jpe?g|png|webp|heic|heif)$/i;

/** Why this file cannot be a resume, localised; null when it can. */
export function resumeFileProblem(file: Pick<PickedFile, 'name' | 'type' | 'size'>): string | null {
  if (file.size > RESUME_MAX_BYTES) return m.error_resume_too_large();
  const type = file.type.toLowerCase();
  if (RESUME_TYPES.has(type)) return null;
  const typeUnknown = type === '' || type === 'application/octet-stream';
  return typeUnknown && RESUME_NAME.test(file.name) ? null : m.add_talent_resume_type_unsupported();
}

export function ResumeFileField({
  id,
  file,
  error,
  disabled,
  note,
  onChange,
}: {
  id: string;
  file: PickedFile | null;
  error?: string;
  disabled?: boolean;
  /** A line under the picked file, e.g. that its contact fields are read once online. */
  note?: ReactNode;
  /** A file that passed the checks, or null with the reason it did not. */
  onChange: (file: PickedFile | null, problem: string | null) => void;
}) {
  const [dragging, setDragging] = useState(false);

  function pick(picked: File | undefined) {
    if (!picked) return;
    const candidate = { name: picked.name, type: picked.type, size: picked.size, data: picked };
    const problem = resumeFileProblem(candidate);
    onChange(problem ? null : candidate, problem);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) pick(event.dataTransfer.files[0]);
  }

  return (
    <fieldset className="fieldset">
      <label className="fieldset-legend" htmlFor={id}>
        {m.add_talent_resume_label()}
      </label>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone only adds drag and drop; the input inside is the control */}
      <div
        className={`flex flex-col gap-2 rounded-box border-2 border-dashed p-4 ${
          dragging ? 'border-primary bg-primary/5' : error ? 'border-error' : 'border-base-300'
        }`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p className="text-sm text-base-content/70">{m.add_talent_resume_drop()}</p>
        {/* The browser's own control is hidden: it is emptied after each pick (so the same file can be picked
            again), and then said "No file chosen" beside the file just chosen (issue 42.16). The button is
            its label; the line below names the file. */}
        <input
          id={id}
          type="file"
          name="file"
          accept={RESUME_ACCEPT}
          className="peer sr-only"
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
          disabled={disabled}
          onChange={(event) => {
            pick(event.currentTarget.files?.[0]);
            // The same file picked again after a refusal must fire change again.
            event.currentTarget.value = '';
          }}
        />
        <label
          htmlFor={id}
          className={`btn btn-sm sm:self-start peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${
            file ? 'btn-outline' : 'btn-primary'
          } ${error ? 'btn-error btn-outline' : ''} ${disabled ? 'btn-disabled' : ''}`}
          data-testid="resume-choose"
        >
          {file ? m.add_talent_resume_change() : m.add_talent_resume_choose()}
        </label>
        {file && (
          <p className="text-sm font-medium break-all" data-testid="resume-selected">
            {m.add_talent_resume_selected({ name: file.name, size: formatBytes(file.size) })}
          </p>
        )}
        {note && (
          <p className="text-sm text-base-content/70" role="status" data-testid="resume-note">
            {note}
          </p>
        )}
      </div>
      <FieldError id={id} error={error} />
      <p id={`${id}-hint`} className="mt-1 text-xs text-base-content/70">
        {m.add_talent_resume_hint()}
      </p>
    </fieldset>
  );
}
