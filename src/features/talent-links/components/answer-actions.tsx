import { useEffect, useRef, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import type { TalentDecision } from '#src/shared/recruiter-types.ts';

// Two clear choices, thumb-sized. Declining asks once more, in place, so a slip of the finger on a
// phone does not end the talent's chance.
export function AnswerActions({
  agreeLabel,
  declineQuestion,
  pending,
  onAnswer,
}: {
  agreeLabel: string;
  declineQuestion: string;
  pending: TalentDecision | null;
  onAnswer: (decision: TalentDecision) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const declineRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  // Keyboard and screen-reader users follow the question in, and land back on "No, thanks" after it.
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? questionRef.current : declineRef.current)?.focus();
  }, [confirming]);

  const toggle = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };
  const busy = pending !== null;
  const spinner = <span className="loading loading-spinner loading-sm" aria-hidden="true" />;

  if (confirming) {
    return (
      <div className="flex flex-col gap-3 rounded-box border border-warning/40 bg-warning/10 p-4">
        <p ref={questionRef} tabIndex={-1} className="font-medium outline-none">
          {declineQuestion}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="button"
            className="btn btn-error btn-lg sm:flex-1"
            onClick={() => onAnswer('DECLINED')}
            disabled={busy}
            aria-busy={pending === 'DECLINED'}
          >
            {pending === 'DECLINED' && spinner}
            {pending === 'DECLINED' ? m.talent_link_sending() : m.talent_link_decline_yes()}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-lg sm:flex-1"
            onClick={() => toggle(false)}
            disabled={busy}
          >
            {m.talent_link_decline_back()}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <button
        type="button"
        className="btn btn-primary btn-lg sm:flex-1"
        onClick={() => onAnswer('CONFIRMED')}
        disabled={busy}
        aria-busy={pending === 'CONFIRMED'}
      >
        {pending === 'CONFIRMED' && spinner}
        {pending === 'CONFIRMED' ? m.talent_link_sending() : agreeLabel}
      </button>
      <button
        ref={declineRef}
        type="button"
        className="btn btn-outline btn-lg sm:flex-1"
        onClick={() => toggle(true)}
        disabled={busy}
      >
        {m.talent_link_decline()}
      </button>
    </div>
  );
}
