import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api, unwrap } from '#src/lib/api-client.ts';
import { asAppError } from '#src/lib/app-error.ts';
import { pendingReads, rememberRead, sendPendingReads, withPendingReads } from '#src/lib/notification-reads.ts';
import { setUnreadNotifications, unreadNotificationsQueryOptions } from '#src/lib/notification-unread.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import type { EmailTopic, NotificationPage } from '#src/shared/notifications.ts';

// The notification centre's calls (issue 25): my items newest first, a page at a time, marking them
// read; and the public one-click page of the e-mails. The list is saved with the query cache, so the
// centre still reads offline (with the "as of" note).

export const PAGE_SIZE = 30;

/** My notifications (`GET /api/notifications`), "Load older" following `nextBefore`. */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['notifications', 'list'],
    queryFn: async ({ pageParam, client }): Promise<NotificationPage> => {
      const query: { limit: string; before?: string } = { limit: String(PAGE_SIZE) };
      if (pageParam !== null) query.before = String(pageParam);
      // Reads made offline reach the server before the list is asked for, so they are not unread again.
      if (pageParam === null) await sendPendingReads();
      const page = await unwrap(api.api.notifications.$get({ query }));
      // The page says how many are unread: the bell follows without a call of its own.
      setUnreadNotifications(client, page.unread);
      // Any the server could not take yet (it failed) still show read, as they did.
      return { ...page, items: withPendingReads(page.items, pendingReads(), new Date().toISOString()) };
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });

type Pages = InfiniteData<NotificationPage, number | null>;

/** The list with some items read (at `readAt`), as the server now has them. */
function markedRead(data: Pages | undefined, readAt: string, ids: 'all' | number): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.readAt === null && (ids === 'all' || item.id === ids) ? { ...item, readAt } : item,
      ),
    })),
  };
}

function useMarkRead<I>(send: (input: I) => Promise<{ unread: number }>, ids: (input: I) => 'all' | number) {
  const queryClient = useQueryClient();
  const { queryKey } = notificationsQueryOptions();
  return useMutation({
    mutationFn: send,
    // Shown read at once: the tap also opens the item's screen, and coming back must not show it unread.
    // The bell follows too: without it, a read the server cannot be told of yet (offline) left the count.
    onMutate: (input) => {
      const target = ids(input);
      const before = queryClient.getQueryData<Pages>(queryKey);
      const wasUnread = before?.pages.some((page) =>
        page.items.some((item) => item.id === target && item.readAt === null),
      );
      queryClient.setQueryData<Pages>(queryKey, (data) => markedRead(data, new Date().toISOString(), target));
      const unread = queryClient.getQueryData<{ unread: number }>(unreadNotificationsQueryOptions().queryKey)?.unread;
      if (unread !== undefined && (target === 'all' || wasUnread))
        setUnreadNotifications(queryClient, target === 'all' ? 0 : Math.max(0, unread - 1));
    },
    onSuccess: ({ unread }) => setUnreadNotifications(queryClient, unread),
    // Refused: the list as the server has it. Not sent (offline, the network failed): the item stays
    // shown read, and the server is told when it is next reached (lib/notification-reads.ts).
    onError: (error, input) => {
      if (asAppError(error).code !== 'NETWORK_ERROR') return queryClient.invalidateQueries({ queryKey });
      rememberRead(ids(input));
    },
  });
}

/** Marks one of my items read (opening it does). */
export const useMarkReadMutation = () =>
  useMarkRead(
    (id: number) => unwrap(api.api.notifications[':id'].read.$post({ param: { id: String(id) } })),
    (id) => id,
  );

/** "Mark all as read". */
export const useMarkAllReadMutation = () =>
  useMarkRead(
    (_: undefined) => unwrap(api.api.notifications['read-all'].$post()),
    () => 'all',
  );

export type EmailPreference = { topic: EmailTopic; email: boolean; locale: AppLocale };

/**
 * What the e-mail's one-click link stops (`GET /api/public/notifications/email-preferences`). The link
 * is whoever holds it, not the signed-in user: never saved with the cache.
 */
export const emailPreferenceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['notification-email-preference', token],
    queryFn: (): Promise<EmailPreference> =>
      unwrap(api.api.public.notifications['email-preferences'].$get({ query: { token } })),
    meta: { persist: false },
    staleTime: 0,
    retry: false,
  });

/** "Stop these e-mails" (`POST /api/public/notifications/unsubscribe`). */
export function useUnsubscribeMutation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.api.public.notifications.unsubscribe.$post({ query: { token } })),
    onSuccess: (answer) =>
      queryClient.setQueryData<EmailPreference>(emailPreferenceQueryOptions(token).queryKey, (data) =>
        data ? { ...data, email: answer.email } : data,
      ),
  });
}
