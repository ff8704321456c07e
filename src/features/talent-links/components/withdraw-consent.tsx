import { useEffect, useRef, useState } from 'react';
import { m } from '#src/paraglide/messages.js';
import { LinkCard } from './link-card';
import { WithdrawButtons } from './withdraw-buttons';

// The talent's way back out (the notice promises it): shown under a confirmed consent and on the ITA page
// while the referral is in progress. It asks once more, in place, as declining does: it cannot be undone.
export function WithdrawConsent({
  taskTitle,
  recruiterName,
  pending,
  error,
  onWithdraw,
}: {
  taskTitle: string;
  recruiterName: string;
  pending: boolean;
  error: string | null;
  onWithdraw: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);

  // Keyboard and screen-reader users follow the question in, and land back on the button after it.
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? questionRef.current : openRef.current)?.focus();
  }, [confirming]);

  const toggle = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };

  return (
    <LinkCard id="talent-link-withdraw" tone="plain" heading={m.talent_link_withdraw_heading()}>
      <p className="text-sm text-base-content/80">{m.talent_link_withdraw_text()}</p>
      {error && (
        <div role="alert" className="alert alert-soft alert-error">
          <span>{error}</span>
        </div>
      )}
      {confirming ? (
        <div className="flex flex-col gap-3 rounded-box border border-warning/40 bg-warning/10 p-4">
          <p ref={questionRef} tabIndex={-1} className="font-medium outline-none">
            {m.talent_link_withdraw_question({ taskTitle, recruiterName })}
          </p>
          <WithdrawButtons
            pending={pending}
            confirmLabel={m.talent_link_withdraw_yes()}
            backLabel={m.talent_link_decline_back()}
            onConfirm={onWithdraw}
            onBack={() => toggle(false)}
          />
        </div>
      ) : (
        <button ref={openRef} type="button" className="btn btn-outline sm:self-start" onClick={() => toggle(true)}>
          {m.talent_link_withdraw_action()}
        </button>
      )}
    </LinkCard>
  );
}

/** What the page says once the consent is withdrawn, whichever link did it. */
export function ConsentWithdrawn({ text, justNow }: { text: string; justNow: boolean }) {
  // Whoever just pressed the button lost it: the outcome takes focus so it is read out.
  return (
    <LinkCard
      id="talent-link-withdrawn"
      tone="muted"
      heading={m.talent_link_withdrawn_heading()}
      outcome
      focus={justNow}
    >
      <p>{text}</p>
    </LinkCard>
  );
}
