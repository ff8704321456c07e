import { m } from '#src/paraglide/messages.js';

// The admin's reason for the referral's hiring status (required for Hired, Rejected and Withdrawn), where
// the recruiter reads the status. It takes a line of its own in the status's row of badges.
export function HiringReason({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p className="basis-full text-xs whitespace-pre-line break-words text-base-content/70" data-testid="hiring-reason">
      {m.referral_hiring_reason({ reason })}
    </p>
  );
}
