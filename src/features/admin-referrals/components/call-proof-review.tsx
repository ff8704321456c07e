import { useEffect, useId, useState } from 'react';
import { CallProofBadge } from '#src/components/status/referral-badges.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { useCallProofReviewMutation } from '#src/features/admin-referrals/api.ts';
import { asAppError, errorMessage, fieldErrors } from '#src/lib/app-error.ts';
import { fetchFileBlob } from '#src/lib/files.ts';
import { formatBytes, formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { ADMIN_REASON_MAX } from '#src/shared/admin-referral-schemas.ts';
import type { AdminCallProofItem } from '#src/shared/admin-referral-types.ts';

type Preview = { url: string; kind: 'image' | 'audio' };

function fileKind(mimeType: string): 'image' | 'audio' | 'pdf' | null {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType === 'application/pdf') return 'pdf';
  return null;
}

// One call proof: when, the note, its review, the file (an image or recording in place, a PDF in a new
// tab), and while it needs review, Accept or Reject with a reason.
function CallProofItemView({ proof }: { proof: AdminCallProofItem }) {
  const review = useCallProofReviewMutation(proof.referralId);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [loading, setLoading] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const kind = fileKind(proof.file.mimeType);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  async function view() {
    if (!kind) return;
    setLoading(true);
    try {
      const blob = await fetchFileBlob(proof.file.id);
      const url = URL.createObjectURL(blob);
      if (kind === 'pdf') {
        window.open(url, '_blank', 'noopener');
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
      } else {
        setPreview({ url, kind });
      }
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setLoading(false);
    }
  }

  async function decide(decision: 'ACCEPTED' | 'REJECTED') {
    const why = reason.trim();
    if (decision === 'REJECTED' && !why) {
      setError(m.error_field_field_required());
      return;
    }
    setError(null);
    try {
      await review.mutateAsync({ callProofId: proof.id, decision, reason: decision === 'REJECTED' ? why : undefined });
      setRejecting(false);
      toast.success(decision === 'ACCEPTED' ? m.admin_hiring_proof_accepted() : m.admin_hiring_proof_rejected());
    } catch (failure) {
      const appError = asAppError(failure);
      const fields = fieldErrors(appError.fields);
      setError(fields.decision ?? fields.reason ?? errorMessage(appError));
    }
  }

  return (
    <li className="rounded-box border border-base-300 p-3" data-testid="admin-call-proof">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">{m.admin_hiring_proof_called({ time: formatDateTime(proof.calledAt) })}</p>
        <CallProofBadge status={proof.reviewStatus} />
      </div>
      {proof.note && <p className="mt-1 whitespace-pre-line text-sm">{proof.note}</p>}
      {proof.reviewStatus !== 'NEED_REVIEW' && (
        <p className="mt-1 text-xs text-base-content/70">
          {m.admin_hiring_proof_reviewed({
            who: proof.reviewedBy?.name ?? m.referral_actor_admin(),
            time: proof.reviewedAt ? formatDateTime(proof.reviewedAt) : '',
          })}
          {proof.reviewReason && <span className="block text-error">{proof.reviewReason}</span>}
        </p>
      )}
      <p className="mt-1 break-all text-xs text-base-content/60">
        {proof.file.name} ({formatBytes(proof.file.size)})
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {kind && !preview && (
          <button type="button" className="btn btn-xs" onClick={view} disabled={loading} aria-busy={loading}>
            {loading && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {kind === 'audio'
              ? m.admin_hiring_proof_play()
              : kind === 'pdf'
                ? m.admin_hiring_proof_open_pdf()
                : m.admin_hiring_proof_view()}
          </button>
        )}
        {proof.reviewStatus === 'NEED_REVIEW' && (
          <>
            <button
              type="button"
              className="btn btn-xs btn-success"
              disabled={review.isPending}
              onClick={() => void decide('ACCEPTED')}
            >
              {m.admin_hiring_proof_accept()}
            </button>
            <button
              type="button"
              className="btn btn-xs btn-error btn-outline"
              disabled={review.isPending}
              onClick={() => setRejecting(true)}
            >
              {m.admin_hiring_proof_reject()}
            </button>
          </>
        )}
      </div>
      {rejecting && proof.reviewStatus === 'NEED_REVIEW' && (
        <form
          className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-start"
          onSubmit={(event) => {
            event.preventDefault();
            void decide('REJECTED');
          }}
        >
          <label className="sr-only" htmlFor={reasonId}>
            {m.admin_hiring_reason_label()}
          </label>
          <input
            id={reasonId}
            className="input input-sm w-full flex-1"
            placeholder={m.admin_hiring_reason_label()}
            value={reason}
            maxLength={ADMIN_REASON_MAX}
            onChange={(event) => setReason(event.target.value)}
          />
          <button type="submit" className="btn btn-sm btn-error" disabled={review.isPending}>
            {m.admin_hiring_proof_reject_confirm()}
          </button>
        </form>
      )}
      {error && (
        <p className="mt-1 text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {preview?.kind === 'image' && (
        <img
          src={preview.url}
          alt={m.admin_hiring_proof_preview({ name: proof.file.name })}
          className="mt-2 max-h-80 rounded-box"
        />
      )}
      {preview?.kind === 'audio' && (
        // biome-ignore lint/a11y/useMediaCaption: a recording of a phone call has no captions to offer
        <audio
          src={preview.url}
          controls
          className="mt-2 w-full"
          aria-label={m.admin_hiring_proof_preview({ name: proof.file.name })}
        />
      )}
    </li>
  );
}

export function CallProofReview({ proofs }: { proofs: AdminCallProofItem[] }) {
  if (proofs.length === 0) return <p className="text-sm text-base-content/70">{m.admin_hiring_no_call_proofs()}</p>;
  return (
    <ul className="space-y-2">
      {proofs.map((proof) => (
        <CallProofItemView key={proof.id} proof={proof} />
      ))}
    </ul>
  );
}
