import {
  baseLocale,
  extractLocaleFromCookie,
  extractLocaleFromNavigator,
  getLocale,
  isLocale,
  localizeUrl,
} from '../paraglide/runtime';
import type { AppLocale } from '../shared/enums';
import { INTL_LOCALES } from '../shared/intl-locales';

export function toIntlLocale(locale: string): string {
  return locale in INTL_LOCALES ? INTL_LOCALES[locale as AppLocale] : locale;
}

export function currentIntlLocale(): string {
  return toIntlLocale(getLocale());
}

// Paraglide's URL strategy reads an address without a prefix as English, so the 365-day cookie and the
// browser's language would never count. An unprefixed address therefore goes to the locale the person
// chose before (cookie) or, on a first visit, the browser's language. Choosing English sets the cookie to
// en, which ends the redirect.
export function preferredLocaleHref(href: string): string | null {
  const url = new URL(href);
  const first = url.pathname.split('/')[1];
  if (first && isLocale(first)) return null;
  const preferred = extractLocaleFromCookie() ?? extractLocaleFromNavigator() ?? baseLocale;
  if (preferred === baseLocale) return null;
  return localizeUrl(url, { locale: preferred }).href;
}
