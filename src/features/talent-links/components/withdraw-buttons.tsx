import { m } from '#src/paraglide/messages.js';

// "Yes, withdraw" and "Back", side by side from a phone's width up: the last step of a withdrawal, on
// the consent and ITA pages and on the talent's data page.
export function WithdrawButtons(props: {
  pending: boolean;
  confirmLabel: string;
  backLabel: string;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { pending } = props;
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <button
        type="button"
        className="btn btn-error sm:flex-1"
        onClick={props.onConfirm}
        disabled={pending}
        aria-busy={pending}
      >
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {pending ? m.talent_link_sending() : props.confirmLabel}
      </button>
      <button type="button" className="btn btn-ghost sm:flex-1" onClick={props.onBack} disabled={pending}>
        {props.backLabel}
      </button>
    </div>
  );
}
