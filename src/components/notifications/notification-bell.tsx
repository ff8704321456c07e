import { Link } from '@tanstack/react-router';
import { StrokeIcon } from '#src/components/icons/stroke-icon.tsx';
import { useUnreadNotifications } from '#src/lib/notification-unread.ts';
import { m } from '#src/paraglide/messages.js';

/** "Notifications, 3 unread" (what screen readers hear for the bell), or "Notifications". */
export const bellLabel = (unread: number): string =>
  unread > 0 ? m.notification_bell_unread({ count: unread }) : m.notification_bell_label();

// The header's way to the notification centre, for every signed-in role: a bell with the number of
// unread items (99+ past 99, the full number in the label).
export function NotificationBell() {
  const unread = useUnreadNotifications();
  const label = bellLabel(unread);
  return (
    <Link
      to="/notifications"
      className="btn btn-ghost btn-sm btn-square"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      activeProps={{ className: 'btn-active' }}
    >
      <span className="indicator">
        {unread > 0 && (
          <span
            className="indicator-item badge badge-xs badge-error min-w-4 px-1 font-semibold"
            aria-hidden="true"
            data-testid="notification-bell-count"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
        <BellIcon />
      </span>
    </Link>
  );
}

export function BellIcon({ className }: { className?: string }) {
  return (
    <StrokeIcon className={className}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </StrokeIcon>
  );
}
