import { currentIntlLocale } from '#src/lib/locale.ts';

// A month the API answers as 'YYYY-MM' (a calendar month in the user's time zone), for people: "Nov 2026".
export function formatMonth(key: string, style: 'short' | 'long' = 'short'): string {
  const [year, month] = key.split('-').map(Number);
  if (!year || !month) return key;
  return new Intl.DateTimeFormat(currentIntlLocale(), { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month - 1, 1),
  );
}
