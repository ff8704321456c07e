import { type ReactNode, useEffect, useId, useRef } from 'react';

type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  pending?: boolean;
  /** 'danger' (red) for what removes or stops something; 'primary' for what only turns something on. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action needs beyond a yes (a reason field, a summary), shown under the text. */
  children?: ReactNode;
};

// A daisyUI modal asking before an action that matters. Rendered only while asking; Escape
// cancels, and the safe choice has the focus.
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  pending = false,
  tone = 'danger',
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div
      className="modal modal-open modal-bottom sm:modal-middle"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Asked over another dialog (a referral's detail), Escape closes only this one.
        event.stopPropagation();
        onCancel();
      }}
    >
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-semibold">
          {title}
        </h3>
        <p id={textId} className="py-3 break-words">
          {text}
        </p>
        {children}
        <div className="modal-action">
          <button ref={cancelRef} type="button" className="btn btn-sm" onClick={onCancel} disabled={pending}>
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`btn btn-sm ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={pending}
          >
            {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {confirmLabel}
          </button>
        </div>
      </div>
      <button type="button" className="modal-backdrop" onClick={onCancel} tabIndex={-1} aria-hidden="true" />
    </div>
  );
}
