import { useState } from 'react';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { OutboxStateBadge } from '#src/components/outbox/outbox-state-badge.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { canSendAgainAsIs, KIND_LABELS, whoOf } from '#src/features/outbox/entry-view.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { discardEntry, resendEntry } from '#src/lib/outbox/outbox-runner.ts';
import type { OutboxEntry } from '#src/lib/outbox/outbox-types.ts';
import { useSendProgress } from '#src/lib/outbox/use-outbox.ts';
import { m } from '#src/paraglide/messages.js';
import { FixLink, ResultLink } from './entry-links';
import { EntryStatusNote } from './entry-status-note';

// One entry of the Outbox: what, for whom, when, how it stands, why it is not sent, and what to do.
export function OutboxEntryCard({ entry }: { entry: OutboxEntry }) {
  const [busy, setBusy] = useState<'resend' | 'discard' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const kind = KIND_LABELS[entry.kind]();
  const who = whoOf(entry);
  const fileName = entry.file?.name && entry.file.name !== who ? entry.file.name : null;

  const sendAgain = async () => {
    setBusy('resend');
    try {
      await resendEntry(entry.id);
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
    }
    // On success this card goes: the entry is replaced by a new one.
  };

  const discard = async () => {
    setBusy('discard');
    try {
      await discardEntry(entry.id);
      toast.success(m.outbox_discarded());
    } catch (error) {
      toast.error(errorMessage(error));
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <li className="card border border-base-300 bg-base-100" data-testid="outbox-entry" data-entry-id={entry.id}>
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className="font-semibold">{kind}</h2>
            {who && <p className="break-words text-sm">{who}</p>}
            {fileName && <p className="truncate text-xs text-base-content/70">{fileName}</p>}
          </div>
          <OutboxStateBadge state={entry.state} />
        </div>
        <p className="text-xs text-base-content/60">
          {m.outbox_added_at({ time: formatDateTime(entry.createdAt) })}
          {entry.state === 'sent' && entry.sentAt
            ? ` · ${m.outbox_sent_at({ time: formatDateTime(entry.sentAt) })}`
            : ''}
        </p>
        <SendProgress entry={entry} />
        <EntryStatusNote entry={entry} />

        {entry.state === 'needs-attention' && (
          <div className="card-actions flex-wrap justify-end">
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              onClick={() => setConfirming(true)}
              disabled={busy !== null}
            >
              {m.outbox_discard()}
            </button>
            {/* The same payload would be refused again: only Fix (or Discard) can settle it. */}
            {canSendAgainAsIs(entry.error) && (
              <button type="button" className="btn btn-sm" onClick={() => void sendAgain()} disabled={busy !== null}>
                {busy === 'resend' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {m.outbox_send_again()}
              </button>
            )}
            <FixLink entry={entry} />
          </div>
        )}
        {entry.state === 'sent' && (
          <div className="card-actions justify-end empty:hidden">
            <ResultLink entry={entry} />
          </div>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title={m.outbox_discard_title()}
          text={m.outbox_discard_text({ what: who ? `${kind} · ${who}` : kind })}
          confirmLabel={m.outbox_discard()}
          cancelLabel={m.outbox_discard_cancel()}
          pending={busy === 'discard'}
          onConfirm={() => void discard()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}

// The bytes sent so far from this tab; a send running elsewhere (another tab, the service worker) has
// no byte count here and shows a moving bar.
function SendProgress({ entry }: { entry: OutboxEntry }) {
  const fraction = useSendProgress(entry.id);
  if (fraction === null && entry.state !== 'sending') return null;
  return fraction === null ? (
    <progress className="progress progress-info w-full" aria-label={m.outbox_progress_label()} />
  ) : (
    <progress
      className="progress progress-info w-full"
      value={Math.round(fraction * 100)}
      max={100}
      aria-label={m.outbox_progress_label()}
    />
  );
}
