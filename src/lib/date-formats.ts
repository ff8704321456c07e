import { memo } from '#src/shared/memo.ts';

// One formatter per locale, style and zone: building an Intl formatter costs far more than formatting
// with it, and a list formats a date or two per row (a phone's first render of the task board, issue 7).
// No DOM and no locale lookup here: lib/format.ts and the Intl warm-up worker (intl-warmup.worker.ts)
// build the same formatters through it.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
export const dateFormat = (locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat =>
  memo(
    dateFormats,
    `${locale}|${timeZone}|${withTime}`,
    () =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', ...(withTime ? { timeStyle: 'short' } : {}), timeZone }),
  );
