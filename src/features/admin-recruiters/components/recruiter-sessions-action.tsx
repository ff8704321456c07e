import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';
import type { RecruiterRow } from '../../../shared/admin-recruiter-types';
import { useEndRecruiterSessionsMutation } from '../api';

// "End sessions" (issue 22 finding 14): signs the recruiter out on every device without deactivating
// them, after a confirmation. Their app is signed out at its next call.
export function RecruiterSessionsAction({ recruiter }: { recruiter: RecruiterRow }) {
  const [asking, setAsking] = useState(false);
  const mutation = useEndRecruiterSessionsMutation();
  if (recruiter.isAdmin) return null;
  const name = recruiter.fullName;

  const confirm = () =>
    mutation.mutate(recruiter.id, {
      onSuccess: ({ endedSessions: count }) => {
        setAsking(false);
        toast.success(
          count === 0
            ? m.admin_recruiters_end_sessions_none_toast({ name })
            : m.admin_recruiters_end_sessions_toast({ name, count }),
        );
      },
      onError: (error) => {
        setAsking(false);
        toast.error(errorMessage(error));
      },
    });

  return (
    <>
      <button
        type="button"
        className="btn btn-xs btn-outline"
        onClick={() => setAsking(true)}
        aria-label={m.admin_recruiters_end_sessions_named({ name })}
      >
        {m.admin_recruiters_end_sessions()}
      </button>
      {asking && (
        <ConfirmDialog
          title={m.admin_recruiters_end_sessions_title({ name })}
          text={m.admin_recruiters_end_sessions_text({ name })}
          confirmLabel={m.admin_recruiters_end_sessions()}
          cancelLabel={m.admin_recruiters_cancel()}
          pending={mutation.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
