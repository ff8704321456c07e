import { DEFAULT_TIMEZONE } from '#src/shared/constants.ts';
import type { IntlWarmup } from './intl-warmup.worker';
import { currentIntlLocale } from './locale';

/**
 * Loads the browser's Intl data on a worker thread while the first screen's code and data download,
 * so the screen's first date or amount does not (see intl-warmup.worker.ts). A browser without module
 * workers, or one that refuses this one, simply builds its formatters the slower way.
 */
export function warmIntl(): void {
  try {
    const worker = new Worker(new URL('./intl-warmup.worker.ts', import.meta.url), {
      type: 'module',
      name: 'intl-warmup',
    });
    // The forms' default currency and the default zone: most amounts and dates a screen shows.
    const warmup: IntlWarmup = { locale: currentIntlLocale(), currency: 'MYR', timeZone: DEFAULT_TIMEZONE };
    worker.postMessage(warmup);
  } catch {
    // See above.
  }
}
