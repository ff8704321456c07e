import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { Modal } from '#src/components/modal.tsx';
import { ScorecardView } from '#src/components/scorecard/scorecard-view.tsx';
import { recruiterScorecardQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { m } from '#src/paraglide/messages.js';

// The full scorecard in a dialog, fetched when opened: the header shows only the score.
function ScorecardDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const query = useQuery(recruiterScorecardQueryOptions(id));
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
  return (
    <Modal labelledBy={titleId} boxClassName="modal-box max-h-[92vh] w-full max-w-3xl" onClose={onClose}>
      <div className="mb-3 flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {m.scorecard_dialog_title({ name })}
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="btn btn-sm btn-ghost"
          onClick={onClose}
          aria-label={m.scorecard_close()}
        >
          ✕
        </button>
      </div>
      {query.isPending && <div className="skeleton h-40 w-full" aria-busy="true" />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data && <ScorecardView scorecard={query.data} audience="admin" heading="h3" />}
    </Modal>
  );
}

export function RecruiterScorecardAction({ id, name }: { id: number; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link link-primary text-sm" onClick={() => setOpen(true)}>
        {m.scorecard_open()}
      </button>
      {open && <ScorecardDialog id={id} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
