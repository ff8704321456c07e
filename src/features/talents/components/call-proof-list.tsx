import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CallProofCard, PreviewButton } from '#src/components/call-proof/call-proof-card.tsx';
import { fileKind, useFilePreview } from '#src/components/call-proof/use-file-preview.ts';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { OutboxStateBadge } from '#src/components/outbox/outbox-state-badge.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { referralQueryOptions, useDeleteCallProofMutation } from '#src/features/talents/api.ts';
import { queuedCallProofs } from '#src/features/talents/outbox.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatBytes, formatDateTime } from '#src/lib/format.ts';
import { outboxErrorText } from '#src/lib/outbox/outbox-errors.ts';
import { discardEntry, resendEntry } from '#src/lib/outbox/outbox-runner.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox, useSendProgress } from '#src/lib/outbox/use-outbox.ts';
import { requestedAt } from '#src/lib/requested-at.ts';
import { m } from '#src/paraglide/messages.js';
import type { CallProofItem } from '#src/shared/recruiter-types.ts';
import { DownloadButton } from './resume-card';

// One proof: when the call was, the note, the review state (and why, when rejected), the file.
function CallProofRow({ proof, onDelete }: { proof: CallProofItem; onDelete: () => void }) {
  const { preview, loading, show } = useFilePreview(proof.file.id);
  const kind = fileKind(proof.file.mimeType);

  return (
    <CallProofCard
      proof={proof}
      testId="call-proof"
      called={m.call_proof_ui_called({ time: formatDateTime(proof.calledAt) })}
      review={
        proof.reviewStatus === 'REJECTED' &&
        proof.reviewReason && (
          <p className="mt-1 text-sm text-error">{m.call_proof_ui_review_reason({ reason: proof.reviewReason })}</p>
        )
      }
      actions={
        <>
          {kind && kind !== 'pdf' && !preview && (
            <PreviewButton loading={loading} onClick={() => void show(kind)}>
              {m.call_proof_ui_open()}
            </PreviewButton>
          )}
          <DownloadButton file={proof.file} label={m.call_proof_ui_download()} className="btn btn-xs" />
          {proof.reviewStatus === 'NEED_REVIEW' && (
            <button type="button" className="btn btn-xs btn-error btn-outline" onClick={onDelete}>
              {m.call_proof_ui_delete()}
            </button>
          )}
        </>
      }
      preview={preview}
      previewLabel={m.call_proof_ui_preview_label({ name: proof.file.name })}
    />
  );
}

// A call proof still on the device (or just sent, until the list shows the server's record): where
// it stands, what was entered, the send's progress, and for a refusal the server's reason with a way
// to send it again or discard it.
function QueuedCallProofRow({ entry, onDiscard }: { entry: OutboxEntry; onDiscard: () => void }) {
  const progress = useSendProgress(entry.id);
  const [resending, setResending] = useState(false);
  const calledAt = typeof entry.fields.calledAt === 'string' ? entry.fields.calledAt : null;
  const note = typeof entry.fields.note === 'string' ? entry.fields.note : '';
  const refusal = entry.state === 'needs-attention' ? outboxErrorText(entry) : null;

  async function sendAgain() {
    setResending(true);
    try {
      await resendEntry(entry.id);
    } catch {
      toast.error(m.outbox_storage_failed());
    } finally {
      setResending(false);
    }
  }

  return (
    <li className="rounded-box border border-dashed border-base-300 p-3" data-testid="queued-call-proof">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">{calledAt && m.call_proof_ui_called({ time: formatDateTime(calledAt) })}</p>
        <OutboxStateBadge state={entry.state} />
      </div>
      {note && <p className="mt-1 whitespace-pre-line text-sm">{note}</p>}
      {entry.file && (
        <p className="mt-1 break-all text-xs text-base-content/60">
          {entry.file.name} ({formatBytes(entry.file.size)})
        </p>
      )}
      {entry.state === 'sending' && progress !== null && (
        <progress
          className="progress progress-primary mt-2 w-full"
          value={Math.round(progress * 100)}
          max={100}
          aria-label={m.call_proof_ui_progress()}
        />
      )}
      {refusal && (
        <>
          <p className="mt-1 text-sm text-error" role="alert">
            {refusal}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn btn-xs btn-primary" onClick={sendAgain} disabled={resending}>
              {resending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {m.talent_outbox_send_again()}
            </button>
            <button type="button" className="btn btn-xs btn-error btn-outline" onClick={onDiscard}>
              {m.talent_outbox_discard()}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

export function CallProofList({
  referralId,
  talentId,
  proofs,
  listing,
}: {
  referralId: number;
  talentId: number;
  proofs: CallProofItem[];
  /** The referral answer `proofs` come from: when it was requested decides which sent proofs still show. */
  listing: object;
}) {
  const remove = useDeleteCallProofMutation(referralId, talentId);
  const [asking, setAsking] = useState<CallProofItem | null>(null);
  const [discarding, setDiscarding] = useState<OutboxEntry | null>(null);
  const { entries } = useOutbox();
  const queryClient = useQueryClient();
  const queryKey = referralQueryOptions(referralId).queryKey;
  const fetching = useIsFetching({ queryKey }) > 0;
  // From the answer these proofs come from, not from the cache, which may already hold a newer one.
  const listedAt = requestedAt(listing, queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0);
  const queued = queuedCallProofs(entries, referralId, new Set(proofs.map((proof) => proof.id)), listedAt, fetching);

  if (proofs.length === 0 && queued.length === 0) {
    return <p className="text-sm text-base-content/70">{m.call_proof_ui_empty()}</p>;
  }
  return (
    <>
      <ul className="space-y-2" aria-label={m.call_proof_ui_heading()}>
        {queued.map((entry) => (
          <QueuedCallProofRow key={entry.id} entry={entry} onDiscard={() => setDiscarding(entry)} />
        ))}
        {proofs.map((proof) => (
          <CallProofRow key={proof.id} proof={proof} onDelete={() => setAsking(proof)} />
        ))}
      </ul>
      {discarding && (
        <ConfirmDialog
          title={m.talent_outbox_discard_title()}
          text={m.talent_outbox_discard_text({ name: discarding.file?.name ?? '' })}
          confirmLabel={m.talent_outbox_discard()}
          cancelLabel={m.call_proof_ui_cancel()}
          onCancel={() => setDiscarding(null)}
          onConfirm={() =>
            discardEntry(discarding.id)
              .then(
                () => toast.success(m.talent_outbox_discarded()),
                () => toast.error(m.outbox_storage_failed()),
              )
              .finally(() => setDiscarding(null))
          }
        />
      )}
      {asking && (
        <ConfirmDialog
          title={m.call_proof_ui_delete_title()}
          text={m.call_proof_ui_delete_text({ name: asking.file.name })}
          confirmLabel={m.call_proof_ui_delete()}
          cancelLabel={m.call_proof_ui_cancel()}
          pending={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(asking.id, {
              onSuccess: () => toast.success(m.call_proof_ui_deleted()),
              onError: (error) => toast.error(errorMessage(error)),
              onSettled: () => setAsking(null),
            })
          }
        />
      )}
    </>
  );
}
