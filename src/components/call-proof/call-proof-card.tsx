import type { ReactNode } from 'react';
import { CallProofBadge } from '#src/components/status/referral-badges.tsx';
import { formatBytes } from '#src/lib/format.ts';
import type { CallProofItem } from '#src/shared/recruiter-types.ts';
import type { FilePreview } from './use-file-preview';

// One call proof as the recruiter (talents) and the admin (hiring review) both show it: when the call was,
// the note, the review, the file, the buttons, and the image or recording once opened. What differs
// (the review line, the buttons, the admin's reject form) comes in as slots.
export function CallProofCard({
  proof,
  testId,
  called,
  review,
  actions,
  children,
  preview,
  previewLabel,
}: {
  proof: CallProofItem;
  testId: string;
  /** "Called on …" in the caller's words. */
  called: string;
  review: ReactNode;
  actions: ReactNode;
  /** Shown under the buttons, above the preview. */
  children?: ReactNode;
  preview: FilePreview | null;
  /** The image's alt text and the recording's label. */
  previewLabel: string;
}) {
  return (
    <li className="rounded-box border border-base-300 p-3" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">{called}</p>
        <CallProofBadge status={proof.reviewStatus} />
      </div>
      {proof.note && <p className="mt-1 whitespace-pre-line text-sm">{proof.note}</p>}
      {review}
      <p className="mt-1 break-all text-xs text-base-content/60">
        {proof.file.name} ({formatBytes(proof.file.size)})
      </p>
      <div className="mt-2 flex flex-wrap gap-2">{actions}</div>
      {children}
      {preview?.kind === 'image' && <img src={preview.url} alt={previewLabel} className="mt-2 max-h-80 rounded-box" />}
      {preview?.kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: a recording of a phone call has no captions to offer
        <audio src={preview.url} controls className="mt-2 w-full" aria-label={previewLabel} />
      )}
    </li>
  );
}

/** The button that fetches the file and shows it, with a spinner while it loads. */
export function PreviewButton({
  loading,
  onClick,
  children,
}: {
  loading: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="btn btn-xs" onClick={onClick} disabled={loading} aria-busy={loading}>
      {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {children}
    </button>
  );
}
