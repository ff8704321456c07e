import type { ReactNode } from 'react';
import { SubmitButton } from '#src/components/form/submit-button.tsx';
import { m } from '#src/paraglide/messages.js';

// One section of the account page: a titled card, linked from its heading's id.
export function AccountCard({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div>
          <h2 id={`${id}-heading`} className="card-title text-lg">
            {title}
          </h2>
          {intro && <p className="text-sm text-base-content/70">{intro}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

// A section whose details are shown until the user opens their form (the bank account, the payee details):
// what is saved (`summary`, null: nothing yet) with the button that opens the form to change or add it, and
// the form's Save and Cancel.

export function SavedDetails({
  summary,
  none,
  editLabel,
  addLabel,
  onEdit,
}: {
  summary: ReactNode | null;
  none: string;
  editLabel: string;
  addLabel: string;
  onEdit: () => void;
}) {
  return (
    <>
      {summary ?? <p className="text-sm">{none}</p>}
      <div>
        <button type="button" className="btn btn-sm" onClick={onEdit}>
          {summary ? editLabel : addLabel}
        </button>
      </div>
    </>
  );
}

export function SaveOrCancel({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton pending={pending} label={m.account_save()} pendingLabel={m.account_saving()} />
      <button type="button" className="btn btn-ghost btn-sm mt-2" onClick={onCancel} disabled={pending}>
        {m.account_cancel()}
      </button>
    </div>
  );
}
