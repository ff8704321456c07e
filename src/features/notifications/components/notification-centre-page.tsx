import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '#src/components/list/empty-state.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import {
  notificationsQueryOptions,
  useMarkAllReadMutation,
  useMarkReadMutation,
} from '#src/features/notifications/api.ts';
import { groupByDay } from '#src/features/notifications/day-groups.ts';
import { asAppError, errorMessage } from '#src/lib/app-error.ts';
import { useUnreadNotifications } from '#src/lib/notification-unread.ts';
import { m } from '#src/paraglide/messages.js';
import { NotificationListItem } from './notification-list-item';
import { OutboxAttentionItems } from './outbox-attention-items';

// /notifications, for every signed-in role: what happened, newest first, by day; the device's refused
// outbox entries on top. Read offline from the saved cache like every screen.
// Offline (or with the network failing), opening an item still opens its screen and shows it read here;
// the server hears of it once it is reached (lib/notification-reads.ts): no error for a tap that did
// what it showed.
function reportUnlessOffline(error: unknown) {
  if (asAppError(error).code !== 'NETWORK_ERROR') toast.error(errorMessage(error));
}

export function NotificationCentrePage() {
  const list = useSuspenseInfiniteQuery(notificationsQueryOptions());
  const unread = useUnreadNotifications();
  const markRead = useMarkReadMutation();
  const markAllRead = useMarkAllReadMutation();
  const items = list.data.pages.flatMap((page) => page.items);
  const groups = groupByDay(items);
  const anyUnread = unread > 0 || items.some((item) => item.readAt === null);

  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{m.title_notifications()}</h1>
        {items.length > 0 && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={!anyUnread || markAllRead.isPending}
            onClick={() => markAllRead.mutate(undefined, { onError: (error) => reportUnlessOffline(error) })}
          >
            {m.notification_mark_all_read()}
          </button>
        )}
      </div>
      <AsOfNote queryKey={notificationsQueryOptions().queryKey} />
      <OutboxAttentionItems />
      {items.length === 0 ? (
        <EmptyState title={m.notification_empty()} />
      ) : (
        groups.map((group, index) => (
          <section key={group.day} aria-labelledby={`notifications-day-${index}`} className="space-y-1">
            <h2
              id={`notifications-day-${index}`}
              className="px-1 text-sm font-semibold text-base-content/70"
              data-testid="notification-day"
            >
              {group.label}
            </h2>
            <ul className="flex flex-col gap-1">
              {group.items.map((item) => (
                <NotificationListItem
                  key={item.id}
                  item={item}
                  onOpen={(id) => markRead.mutate(id, { onError: (error) => reportUnlessOffline(error) })}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      {list.hasNextPage && (
        <div className="flex justify-center">
          <button
            type="button"
            className="btn btn-sm"
            disabled={list.isFetchingNextPage}
            onClick={() =>
              void list.fetchNextPage().then((result) => {
                if (result.isError) toast.error(errorMessage(result.error));
              })
            }
          >
            {list.isFetchingNextPage ? m.common_loading() : m.notification_load_older()}
          </button>
        </div>
      )}
    </section>
  );
}
