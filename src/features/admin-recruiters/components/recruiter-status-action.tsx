import { ConfirmButton } from '#src/components/confirm-button.tsx';
import { useRecruiterStatusMutation } from '#src/features/admin-recruiters/api.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';

// A recruiter who never chose a password (still on the invitation's temporary one) has no password of
// their own to log in again with.
const activateText = (recruiter: RecruiterRow) =>
  recruiter.needToChangePassword ? m.admin_recruiters_activate_text_temporary() : m.admin_recruiters_activate_text();

// Activate or deactivate, after a confirmation that says what happens. An admin account has no action:
// the server refuses to deactivate it.
export function RecruiterStatusAction({ recruiter }: { recruiter: RecruiterRow }) {
  const mutation = useRecruiterStatusMutation();
  if (recruiter.isAdmin) return null;
  const deactivate = recruiter.status === 'ACTIVE';
  const name = recruiter.fullName;
  return (
    <ConfirmButton
      label={deactivate ? m.admin_recruiters_deactivate() : m.admin_recruiters_activate()}
      ariaLabel={
        deactivate ? m.admin_recruiters_deactivate_named({ name }) : m.admin_recruiters_activate_named({ name })
      }
      className={`btn btn-xs ${deactivate ? 'btn-outline btn-error' : 'btn-outline btn-success'}`}
      title={deactivate ? m.admin_recruiters_deactivate_title({ name }) : m.admin_recruiters_activate_title({ name })}
      text={deactivate ? m.admin_recruiters_deactivate_text() : activateText(recruiter)}
      cancelLabel={m.admin_recruiters_cancel()}
      tone={deactivate ? 'danger' : 'primary'}
      run={async () => {
        await mutation.mutateAsync({ id: recruiter.id, status: deactivate ? 'DEACTIVATE' : 'ACTIVE' });
        return deactivate
          ? m.admin_recruiters_deactivated_toast({ name })
          : m.admin_recruiters_activated_toast({ name });
      }}
    />
  );
}
