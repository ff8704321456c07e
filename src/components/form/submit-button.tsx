import type { ReactNode } from 'react';

// The primary action of a form: disabled with a spinner while its request runs, so it is sent once.
export function SubmitButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: ReactNode;
  pendingLabel: ReactNode;
}) {
  return (
    <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={pending} aria-busy={pending}>
      {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
      {pending ? pendingLabel : label}
    </button>
  );
}
