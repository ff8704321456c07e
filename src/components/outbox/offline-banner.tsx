import { useOnline } from '#src/lib/use-online.ts';
import { m } from '#src/paraglide/messages.js';

// A slim line under the app header while the browser is offline. Recruiters read that what they add is
// kept and sent later (the outbox); others only that what they see may be old. Online, nothing: unsent
// items are counted by the header's badge.
export function OfflineBanner({ recruiter }: { recruiter: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="bg-warning px-4 py-1.5 text-center text-sm text-warning-content"
      data-testid="offline-banner"
    >
      {recruiter ? m.outbox_offline_banner() : m.outbox_offline_banner_short()}
    </div>
  );
}
