import { useId, useState } from 'react';
import { CallProofCard, PreviewButton } from '#src/components/call-proof/call-proof-card.tsx';
import { fileKind, useFilePreview } from '#src/components/call-proof/use-file-preview.ts';
import { toast } from '#src/components/toast/toast-store.ts';
import { useCallProofReviewMutation } from '#src/features/admin-referrals/api.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { ADMIN_REASON_MAX } from '#src/shared/admin-referral-schemas.ts';
import type { AdminCallProofItem } from '#src/shared/admin-referral-types.ts';

// One call proof: when, the note, its review, the file (an image or recording in place, a PDF in a new
// tab), and while it needs review, Accept or Reject with a reason.
function CallProofItemView({ proof }: { proof: AdminCallProofItem }) {
  const review = useCallProofReviewMutation();
  const { preview, loading, show } = useFilePreview(proof.file.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const kind = fileKind(proof.file.mimeType);

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
    <CallProofCard
      proof={proof}
      testId="admin-call-proof"
      called={m.admin_hiring_proof_called({ time: formatDateTime(proof.calledAt) })}
      review={
        proof.reviewStatus !== 'NEED_REVIEW' && (
          <p className="mt-1 text-xs text-base-content/70">
            {m.admin_hiring_proof_reviewed({
              who: proof.reviewedBy?.name ?? m.referral_actor_admin(),
              time: proof.reviewedAt ? formatDateTime(proof.reviewedAt) : '',
            })}
            {proof.reviewReason && <span className="block text-error">{proof.reviewReason}</span>}
          </p>
        )
      }
      actions={
        <>
          {kind && !preview && (
            <PreviewButton loading={loading} onClick={() => void show(kind)}>
              {kind === 'audio'
                ? m.admin_hiring_proof_play()
                : kind === 'pdf'
                  ? m.admin_hiring_proof_open_pdf()
                  : m.admin_hiring_proof_view()}
            </PreviewButton>
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
        </>
      }
      preview={preview}
      previewLabel={m.admin_hiring_proof_preview({ name: proof.file.name })}
    >
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
    </CallProofCard>
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
