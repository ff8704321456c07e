import { createFileRoute } from '@tanstack/react-router';
import { notificationsQueryOptions } from '#src/features/notifications/api.ts';
import { NotificationCentrePage } from '#src/features/notifications/components/notification-centre-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/notifications')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationsQueryOptions()),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  usePageTitle(m.title_notifications());
  return <NotificationCentrePage />;
}
