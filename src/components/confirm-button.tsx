import { useState } from 'react';
import { errorMessage } from '#src/lib/app-error.ts';
import { ConfirmDialog } from './confirm-dialog';
import { toast } from './toast/toast-store';

type ConfirmButtonProps = {
  label: string;
  /** The button's name for screen readers, with whom or what it acts on. */
  ariaLabel: string;
  className: string;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel: string;
  tone?: 'danger' | 'primary';
  /** The action; answers the success toast's text. A failure shows the error's message as a toast. */
  run: () => Promise<string>;
};

// A button that asks first (ConfirmDialog), then runs the action and says how it went in a toast: the
// admin's actions on a recruiter (activate, deactivate, new invitation, end sessions) are all this.
export function ConfirmButton({ label, ariaLabel, className, confirmLabel, run, ...dialog }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setPending(true);
    try {
      toast.success(await run());
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setPending(false);
      setAsking(false);
    }
  };

  return (
    <>
      <button type="button" className={className} onClick={() => setAsking(true)} aria-label={ariaLabel}>
        {label}
      </button>
      {asking && (
        <ConfirmDialog
          {...dialog}
          confirmLabel={confirmLabel ?? label}
          pending={pending}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
