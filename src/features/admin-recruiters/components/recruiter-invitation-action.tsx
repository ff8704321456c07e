import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';
import type { RecruiterRow } from '../../../shared/admin-recruiter-types';
import { useResendInvitationMutation } from '../api';

// For a recruiter who has not set their own password yet: a new temporary password by e-mail (issue 22).
// The old one expires after a week; a new one replaces it at once, so the confirmation says so.
export function RecruiterInvitationAction({ recruiter }: { recruiter: RecruiterRow }) {
  const [asking, setAsking] = useState(false);
  const mutation = useResendInvitationMutation();
  if (!recruiter.needToChangePassword || recruiter.status !== 'ACTIVE') return null;
  const { fullName: name, email } = recruiter;

  const confirm = () =>
    mutation.mutate(recruiter.id, {
      onSuccess: () => {
        setAsking(false);
        toast.success(m.admin_recruiters_invitation_sent_toast({ email }));
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
        className="btn btn-xs btn-outline btn-primary"
        onClick={() => setAsking(true)}
        aria-label={m.admin_recruiters_invitation_resend_named({ name })}
      >
        {m.admin_recruiters_invitation_resend()}
      </button>
      {asking && (
        <ConfirmDialog
          title={m.admin_recruiters_invitation_resend_title({ name })}
          text={m.admin_recruiters_invitation_resend_text({ email })}
          confirmLabel={m.admin_recruiters_invitation_resend()}
          cancelLabel={m.admin_recruiters_cancel()}
          pending={mutation.isPending}
          tone="primary"
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        />
      )}
    </>
  );
}
