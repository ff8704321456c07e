import { Link } from '@tanstack/react-router';
import { isUnsent, type OutboxEntry, type OutboxKind } from '#src/lib/outbox/outbox-types.ts';
import { useOutbox } from '#src/lib/outbox/use-outbox.ts';
import { m } from '#src/paraglide/messages.js';

const KIND_LABELS: Record<OutboxKind, () => string> = {
  'drop-resume': m.outbox_kind_drop_resume,
  'profile-completion': m.outbox_kind_profile_completion,
  'call-proof': m.outbox_kind_call_proof,
};

const needsAttention = (entry: OutboxEntry) => isUnsent(entry) && entry.state === 'needs-attention';

// What this device's outbox holds that the server refused: only the device knows of it (the server never
// got it), so the centre lists it at the top, from the outbox itself, each a way to the Outbox screen.
export function OutboxAttentionItems() {
  const entries = useOutbox().entries.filter(needsAttention);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="notifications-device-heading" className="space-y-1">
      <h2 id="notifications-device-heading" className="px-1 text-sm font-semibold text-base-content/70">
        {m.notification_outbox_heading()}
      </h2>
      <ul className="flex flex-col gap-1">
        {entries.map((entry) => {
          const who = entry.meta.talentName?.trim() || entry.meta.email?.trim() || entry.file?.name;
          return (
            <li key={entry.id}>
              <Link
                to="/outbox"
                className="flex gap-3 rounded-box border border-error/40 bg-error/5 px-3 py-3 hover:bg-error/10"
                data-testid="notification-outbox-item"
              >
                <span className="mt-1.5 block size-2 shrink-0 rounded-full bg-error" aria-hidden="true" />
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-semibold">
                    {m.notification_outbox_title({ what: KIND_LABELS[entry.kind]() })}
                  </span>
                  <span className="break-words text-sm text-base-content/80">
                    {who ? m.notification_outbox_body({ who }) : m.notification_outbox_body_anonymous()}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
