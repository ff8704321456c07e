import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { displayTimeZone } from '#src/lib/format.ts';
import { currentIntlLocale } from '#src/lib/locale.ts';
import { notificationText } from '#src/lib/notification-text.ts';
import { m } from '#src/paraglide/messages.js';
import { getLocale, localizeHref } from '#src/paraglide/runtime.js';
import type { NotificationItem } from '#src/shared/notifications.ts';

/** "14:05": the time of day under its day's heading, in the user's zone. */
export const timeOfDay = (iso: string) =>
  new Intl.DateTimeFormat(currentIntlLocale(), { timeStyle: 'short', timeZone: displayTimeZone() }).format(
    new Date(iso),
  );

// One item of the centre: its words in the screen's language (so they follow a language switch), a link
// to the screen it is about that also marks it read, an unread dot and a bolder title while unread.
export function NotificationListItem({ item, onOpen }: { item: NotificationItem; onOpen: (id: number) => void }) {
  const router = useRouter();
  const { title, body } = notificationText(item.kind, item.payload, getLocale());
  const unread = item.readAt === null;
  // The server writes the address of one of our screens, search included (`/task?view=12`) and without
  // the language prefix: parsed by the router as if typed, so each screen reads its own search params.
  const href = localizeHref(item.path);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (unread) onOpen(item.id);
    // A new tab or window (modifier keys, middle click) is the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href: item.path });
  };
  return (
    <li>
      <a
        href={href}
        onClick={open}
        className={`flex gap-3 rounded-box px-3 py-3 hover:bg-base-200 focus-visible:bg-base-200 ${unread ? 'bg-primary/5' : ''}`}
        data-testid="notification-item"
        data-unread={unread ? 'true' : 'false'}
      >
        <span className="mt-1.5 w-2 shrink-0" aria-hidden="true">
          {unread && <span className="block size-2 rounded-full bg-primary" />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`min-w-0 break-words ${unread ? 'font-semibold' : 'font-medium'}`}>
              {unread && <span className="sr-only">{m.notification_unread()}: </span>}
              {title}
            </span>
            <time dateTime={item.createdAt} className="shrink-0 text-xs text-base-content/60">
              {timeOfDay(item.createdAt)}
            </time>
          </span>
          <span className="break-words text-sm text-base-content/80">{body}</span>
        </span>
      </a>
    </li>
  );
}
