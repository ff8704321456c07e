import { dateFormat } from '#src/lib/date-formats.ts';
import { displayTimeZone, formatDate } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';

// The centre lists items by day, in the user's time zone: "Today", "Yesterday", then the date.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day of an instant in `timeZone`, as a key ("Nov 27, 2026"): one language, whatever the screen's. */
const dayOf = (instant: Date | number, timeZone: string) => dateFormat('en-US', timeZone, false).format(instant);

export type DayGroup<T> = { day: string; label: string; items: T[] };

/** Items (newest first) in runs of one day each, labelled for people. */
export function groupByDay<T extends { createdAt: string }>(
  items: readonly T[],
  now: number = Date.now(),
): DayGroup<T>[] {
  const zone = displayTimeZone();
  const today = dayOf(now, zone);
  const yesterday = dayOf(now - DAY_MS, zone);
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const day = dayOf(new Date(item.createdAt), zone);
    let group = groups.at(-1);
    if (group?.day !== day) {
      const label =
        day === today
          ? m.notification_today()
          : day === yesterday
            ? m.notification_yesterday()
            : formatDate(item.createdAt);
      group = { day, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
