import { ConfirmButton } from '#src/components/confirm-button.tsx';
import { useResendInvitationMutation } from '#src/features/admin-recruiters/api.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';

// For a recruiter who has not set their own password yet: a new temporary password by e-mail (issue 22).
// The old one expires after a week; a new one replaces it at once, so the confirmation says so.
export function RecruiterInvitationAction({ recruiter }: { recruiter: RecruiterRow }) {
  const mutation = useResendInvitationMutation();
  if (!recruiter.needToChangePassword || recruiter.status !== 'ACTIVE') return null;
  const { fullName: name, email } = recruiter;
  return (
    <ConfirmButton
      label={m.admin_recruiters_invitation_resend()}
      ariaLabel={m.admin_recruiters_invitation_resend_named({ name })}
      className="btn btn-xs btn-outline btn-primary"
      title={m.admin_recruiters_invitation_resend_title({ name })}
      text={m.admin_recruiters_invitation_resend_text({ email })}
      cancelLabel={m.admin_recruiters_cancel()}
      tone="primary"
      run={async () => {
        await mutation.mutateAsync(recruiter.id);
        return m.admin_recruiters_invitation_sent_toast({ email });
      }}
    />
  );
}
