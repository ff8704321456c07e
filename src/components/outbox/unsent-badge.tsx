import { Link } from '@tanstack/react-router';
import { StrokeIcon } from '#src/components/icons/stroke-icon.tsx';
import { isUnsent } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox } from '#src/lib/outbox/use-outbox.ts';
import { m } from '#src/paraglide/messages.js';

/** "3 items not sent yet" (what screen readers hear for the badge). */
export const unsentLabel = (count: number): string =>
  count === 1 ? m.outbox_badge_one() : m.outbox_badge_many({ count });

/** The signed-in user's unsent entries, and whether any was refused by the server. */
export function useUnsentSummary(): { count: number; needsAttention: boolean } {
  const { entries } = useOutbox();
  const unsent = entries.filter(isUnsent);
  return { count: unsent.length, needsAttention: unsent.some((entry) => entry.state === 'needs-attention') };
}

// The header's way to the Outbox: a cloud with the number of unsent items, red when one needs attention.
// Hidden when everything is sent.
export function UnsentBadge() {
  const { count, needsAttention } = useUnsentSummary();
  if (count === 0) return null;
  const label = needsAttention ? `${unsentLabel(count)}. ${m.outbox_badge_attention()}` : unsentLabel(count);
  return (
    <Link
      to="/outbox"
      className="btn btn-ghost btn-sm gap-1 px-2"
      aria-label={label}
      title={label}
      data-testid="unsent-badge"
    >
      <span className="indicator">
        {needsAttention && (
          <span className="indicator-item status status-error" aria-hidden="true" data-testid="unsent-attention" />
        )}
        <CloudUploadIcon />
      </span>
      <span className={`badge badge-sm ${needsAttention ? 'badge-error' : 'badge-neutral'}`} aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}

/** The count beside "Outbox" in the nav, when there is one. */
export function UnsentCount() {
  const { count, needsAttention } = useUnsentSummary();
  if (count === 0) return null;
  return (
    <>
      <span className={`badge badge-sm ${needsAttention ? 'badge-error' : 'badge-neutral'}`} aria-hidden="true">
        {count}
      </span>
      <span className="sr-only">{unsentLabel(count)}</span>
    </>
  );
}

export function CloudUploadIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M7 18a4.5 4.5 0 0 1-.6-8.96A6 6 0 0 1 18 8.5a4 4 0 0 1-.5 9.5" />
      <path d="M12 12v8M9 15l3-3 3 3" />
    </StrokeIcon>
  );
}
