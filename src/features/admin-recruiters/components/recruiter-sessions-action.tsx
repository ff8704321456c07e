import { ConfirmButton } from '#src/components/confirm-button.tsx';
import { useEndRecruiterSessionsMutation } from '#src/features/admin-recruiters/api.ts';
import { m } from '#src/paraglide/messages.js';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';

// "End sessions" (issue 22 finding 14): signs the recruiter out on every device without deactivating
// them, after a confirmation. Their app is signed out at its next call.
export function RecruiterSessionsAction({ recruiter }: { recruiter: RecruiterRow }) {
  const mutation = useEndRecruiterSessionsMutation();
  if (recruiter.isAdmin) return null;
  const name = recruiter.fullName;
  return (
    <ConfirmButton
      label={m.admin_recruiters_end_sessions()}
      ariaLabel={m.admin_recruiters_end_sessions_named({ name })}
      className="btn btn-xs btn-outline"
      title={m.admin_recruiters_end_sessions_title({ name })}
      text={m.admin_recruiters_end_sessions_text({ name })}
      cancelLabel={m.admin_recruiters_cancel()}
      run={async () => {
        const { endedSessions: count } = await mutation.mutateAsync(recruiter.id);
        return count === 0
          ? m.admin_recruiters_end_sessions_none_toast({ name })
          : m.admin_recruiters_end_sessions_toast({ name, count });
      }}
    />
  );
}
