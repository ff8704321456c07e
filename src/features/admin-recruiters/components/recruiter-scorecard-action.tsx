import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryDialog } from '#src/components/query-dialog.tsx';
import { ScorecardView } from '#src/components/scorecard/scorecard-view.tsx';
import { recruiterScorecardQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { m } from '#src/paraglide/messages.js';

// The full scorecard in a dialog, fetched when opened: the header shows only the score.
function ScorecardDialog({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  return (
    <QueryDialog
      query={useQuery(recruiterScorecardQueryOptions(id))}
      title={m.scorecard_dialog_title({ name })}
      closeLabel={m.scorecard_close()}
      boxClassName="modal-box max-h-[92vh] w-full max-w-3xl"
      onClose={onClose}
    >
      {(scorecard) => <ScorecardView scorecard={scorecard} audience="admin" heading="h3" />}
    </QueryDialog>
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
