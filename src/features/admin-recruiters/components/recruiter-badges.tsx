import { m } from '#src/paraglide/messages.js';
import type { RecruiterRow } from '#src/shared/admin-recruiter-types.ts';

/** The invitation's temporary password no longer logs in: the admin sends a new one. */
export const invitationExpired = (recruiter: RecruiterRow): boolean =>
  recruiter.invitationExpiresAt !== null && new Date(recruiter.invitationExpiresAt).getTime() <= Date.now();

// The recruiter's account state: active or deactivated, still to log in for the first time, an admin too.
export function RecruiterBadges({ recruiter }: { recruiter: RecruiterRow }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {recruiter.status === 'ACTIVE' ? (
        <span className="badge badge-soft badge-sm badge-success" data-testid="recruiter-status">
          {m.admin_recruiters_status_active()}
        </span>
      ) : (
        <span className="badge badge-soft badge-sm badge-error" data-testid="recruiter-status">
          {m.admin_recruiters_status_deactivated()}
        </span>
      )}
      {recruiter.needToChangePassword &&
        (invitationExpired(recruiter) ? (
          <span className="badge badge-soft badge-sm badge-error" data-testid="recruiter-invitation">
            {m.admin_recruiters_invitation_expired()}
          </span>
        ) : (
          <span className="badge badge-soft badge-sm badge-warning" data-testid="recruiter-invitation">
            {m.admin_recruiters_invited()}
          </span>
        ))}
      {recruiter.isAdmin && <span className="badge badge-soft badge-sm badge-info">{m.admin_recruiters_admin()}</span>}
    </span>
  );
}
