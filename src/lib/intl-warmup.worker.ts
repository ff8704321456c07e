import { formatMinorUnits } from '#src/shared/money.ts';
import { dateFormat } from './date-formats';

// Builds and uses the Intl formatters a screen's first render builds, through the same functions
// (lib/format.ts calls them), then ends. Their first construction in a browser process loads ICU's data
// (30-90 ms in Chromium on the 2-core test host; Lighthouse's phone model counts four times that); ICU
// keeps that data for the whole renderer process, so done here, on another thread, the page's own first
// formatter takes under a millisecond (issue 7: it was a quarter of the task board's first render).
export type IntlWarmup = { locale: string; currency: string; timeZone: string };

self.onmessage = (event: MessageEvent<IntlWarmup>) => {
  const { locale, currency, timeZone } = event.data;
  try {
    const at = new Date();
    // The amount's formatter, and currencyDigits' en-US one.
    formatMinorUnits(150_000, currency, locale);
    dateFormat(locale, timeZone, true).format(at);
    dateFormat(locale, timeZone, false).format(at);
  } catch {
    // A warm-up only: the page builds its formatters itself in any case.
  }
  self.close();
};
