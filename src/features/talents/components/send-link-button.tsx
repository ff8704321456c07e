import { useState } from 'react';
import { toast } from '#src/components/toast/toast-store.ts';
import { ResendTooSoonError, useSendLinkMutation } from '#src/features/talents/api.ts';
import { formatTime } from '#src/features/talents/format.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { useUntil } from './use-until';

type SendLinkButtonProps = {
  referralId: number;
  talentId: number;
  kind: 'consent' | 'ita';
  label: string;
  sentAt: string | null;
  /** When the server allows the next send (null: now). */
  resendAt: string | null;
};

// Resend consent / send ITA: at most one link per 10 minutes. The button waits, saying until when,
// both when the referral says so and when the server refuses (429) a send this screen thought allowed.
export function SendLinkButton({ referralId, talentId, kind, label, sentAt, resendAt }: SendLinkButtonProps) {
  const send = useSendLinkMutation(referralId, talentId, kind);
  const [refusedUntil, setRefusedUntil] = useState<number | null>(null);
  const serverUntil = resendAt ? Date.parse(resendAt) : null;
  const until = Math.max(serverUntil ?? 0, refusedUntil ?? 0) || null;
  const waiting = useUntil(until);

  function onClick() {
    send.mutate(undefined, {
      onSuccess: () => {
        setRefusedUntil(null);
        toast.success(kind === 'consent' ? m.referral_consent_sent_toast() : m.referral_ita_sent_toast());
      },
      onError: (error) => {
        if (error instanceof ResendTooSoonError) setRefusedUntil(error.retryAt.getTime());
        else toast.error(errorMessage(error));
      },
    });
  }

  return (
    <div className="space-y-1">
      <button
        type="button"
        className="btn btn-sm btn-primary"
        onClick={onClick}
        disabled={waiting || send.isPending}
        aria-busy={send.isPending}
      >
        {send.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {send.isPending ? m.referral_sending() : label}
      </button>
      <p className="text-xs text-base-content/70" aria-live="polite">
        {waiting && until !== null && (
          <span data-testid={`${kind}-wait`}>{m.referral_resend_wait({ time: formatTime(new Date(until)) })} </span>
        )}
        {sentAt && m.referral_last_sent({ time: formatDateTime(sentAt) })}
      </p>
    </div>
  );
}
