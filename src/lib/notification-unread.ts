import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_CHANGED } from '#src/shared/notifications.ts';
import { api, unwrap } from './api-client';
import { sendPendingReads } from './notification-reads';

// The bell's number (issue 25): the signed-in user's unread notifications, for every role. A query of
// its own, cheap on the server, saved with the cache like every screen's data so the bell still shows
// the last count offline. The centre (features/notifications) writes the count it gets back here.

const REFRESH_EVERY_MS = 60_000;

/**
 * `GET /api/notifications/unread`; asked again on focus, on reconnect (which sends the reads made
 * offline) and every minute while visible.
 */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    // Reads made offline first, so the count is the server's once it knows of them.
    queryFn: async (): Promise<{ unread: number }> => {
      await sendPendingReads();
      return unwrap(api.api.notifications.unread.$get());
    },
    staleTime: 10_000,
    refetchInterval: REFRESH_EVERY_MS,
    // The default: no refresh while the tab is hidden (a phone in a pocket asks nothing).
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });

export function useUnreadNotifications(enabled = true): number {
  const { data } = useQuery({ ...unreadNotificationsQueryOptions(), enabled });
  const queryClient = useQueryClient();
  // A push that reached this device (sw/push.ts tells the open windows): the count and the list are new.
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!enabled || !worker) return;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === NOTIFICATIONS_CHANGED)
        void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [enabled, queryClient]);
  return data?.unread ?? 0;
}

/** After an answer that carries the count (mark read, the centre's page): the bell follows at once. */
export function setUnreadNotifications(queryClient: QueryClient, unread: number): void {
  queryClient.setQueryData(unreadNotificationsQueryOptions().queryKey, { unread });
}
