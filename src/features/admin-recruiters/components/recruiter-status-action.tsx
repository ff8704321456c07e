import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';
import type { RecruiterRow } from '../../../shared/admin-recruiter-types';
import { useRecruiterStatusMutation } from '../api';

// Activate or deactivate, after a confirmation that says what happens. An admin account has no action:
// the server refuses to deactivate it.
export function RecruiterStatusAction({ recruiter }: { recruiter: RecruiterRow }) {
  const [asking, setAsking] = useState(false);
  const mutation = useRecruiterStatusMutation();
  if (recruiter.isAdmin) return null;
  const deactivate = recruiter.status === 'ACTIVE';
  const name = recruiter.fullName;

  const confirm = () =>
    mutation.mutate(
      { id: recruiter.id, status: deactivate ? 'DEACTIVATE' : 'ACTIVE' },
      {
        onSuccess: () => {
          setAsking(false);
          toast.success(
            deactivate ? m.admin_recruiters_deactivated_toast({ name }) : m.admin_recruiters_activated_toast({ name }),
          );
        },
        onError: (error) => {
          setAsking(false);
          toast.error(errorMessage(error));
        },
      },
    );

  return (
    <>
      <button
        type="button"
        className={`btn btn-xs ${deactivate ? 'btn-outline btn-error' : 'btn-outline btn-success'}`}
        onClick={() => setAsking(true)}
        aria-label={
          deactivate ? m.admin_recruiters_deactivate_named({ name }) : m.admin_recruiters_activate_named({ name })
        }
      >
        {deactivate ? m.admin_recruiters_deactivate() : m.admin_recruiters_activate()}
      </button>
      {asking && (
        <ConfirmDialog
          title={
            deactivate ? m.admin_recruiters_deactivate_title({ name }) : m.admin_recruiters_activate_title({ name })
          }
          text={deactivate ? m.admin_recruiters_deactivate_text() : m.admin_recruiters_activate_text()}
          confirmLabel={deactivate ? m.admin_recruiters_deactivate() : m.admin_recruiters_activate()}
          cancelLabel={m.admin_recruiters_cancel()}
          pending={mutation.isPending}
          tone={deactivate ? 'danger' : 'primary'}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
