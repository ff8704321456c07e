import type { AppLocale } from './enums';

// An app address in a language, as the router writes it (paraglide's `url` strategy): English has no
// prefix, Malay and Chinese start with /ms and /zh. For code that cannot run the router's own localizeUrl:
// the server's talent link pages, and the first screen before the router has loaded.

/** An app path in `locale`: `/talent/consent` in Malay is `/ms/talent/consent`. */
export const localePath = (path: string, locale: AppLocale): string =>
  locale === 'en' ? path : `/${locale}${path === '/' ? '/' : path}`;

/** An address's path without its language prefix (`/ms/talent/consent` -> `/talent/consent`). */
export const pathWithoutLocale = (path: string): string => path.replace(/^\/(ms|zh)(?=\/)/, '');
