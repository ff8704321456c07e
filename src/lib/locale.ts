import {
  baseLocale,
  extractLocaleFromCookie,
  extractLocaleFromNavigator,
  getLocale,
  isLocale,
  type Locale,
  localizeUrl,
  overwriteGetLocale,
} from '#src/paraglide/runtime.js';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';

export function toIntlLocale(locale: string): string {
  return locale in INTL_LOCALES ? INTL_LOCALES[locale as AppLocale] : locale;
}

export function currentIntlLocale(): string {
  return toIntlLocale(getLocale());
}

// The locale cookie as this document started with it. Reading document.cookie asks the browser's network
// process and waits for its answer: in one Lighthouse run of /task it took 49 ms, in the root route's
// check below, while the first screen's requests were in flight (issue 7). main.tsx reads it once at
// start, when nothing else is loading. The cookie only changes through setLocale, which loads a new
// document, so the answer holds for the document's life (a language chosen in another tab applies here
// from the next page load on). Read BEFORE paraglide's first getLocale(): that first call writes the
// address's locale to the cookie (paraglide's issue 455), so an unprefixed first visit would read back
// the `en` it had just written and never follow the browser's language (issue 21).
let cookieAtStart: { locale: Locale | undefined } | null = null;

/** Reads the locale cookie now and answers it from then on; answers a function that forgets it. */
export function rememberLocaleCookie(): () => void {
  cookieAtStart = { locale: extractLocaleFromCookie() };
  getLocale();
  return () => {
    cookieAtStart = null;
  };
}

// Paraglide's URL strategy reads an address without a prefix as English, so the 365-day cookie and the
// browser's language would never count. An unprefixed address therefore goes to the locale the person
// chose before (cookie) or, on a first visit, the browser's language. Choosing English sets the cookie to
// en, which ends the redirect.
export function preferredLocaleHref(href: string): string | null {
  const url = new URL(href);
  const first = url.pathname.split('/')[1];
  if (first && isLocale(first)) return null;
  const cookie = cookieAtStart ? cookieAtStart.locale : extractLocaleFromCookie();
  const preferred = cookie ?? extractLocaleFromNavigator() ?? baseLocale;
  if (preferred === baseLocale) return null;
  return localizeUrl(url, { locale: preferred }).href;
}

/**
 * Makes getLocale() work the locale out once per run of script instead of once per call. Every message
 * a screen renders asks for it, and paraglide works it out each time from the address (its URL
 * strategy reads location.href, parses it and matches the locale patterns): some hundreds of times in a
 * task board's first render, 50-60 ms of it under Lighthouse's 4x slowdown (issue 7); remembering it
 * per address still read location.href per call, 10-20 ms. The answer is forgotten in the microtask after
 * the run, so whatever runs next works it out again: the address can only have changed in between, and
 * in this app a locale change loads a new document anyway (setLocale, the root route's redirect).
 */
export function resolveLocaleOncePerRun(): void {
  if (typeof window === 'undefined') return;
  const resolve = getLocale;
  let locale: Locale | null = null;
  const forget = () => {
    locale = null;
  };
  overwriteGetLocale(() => {
    if (locale === null) {
      locale = resolve();
      queueMicrotask(forget);
    }
    return locale;
  });
}
