import type { AppLocale } from '#src/shared/enums.ts';

// Links are built from APP_URL, never from the request's Host header (PRODUCT.md "Tokens and links").
export function appLink(appUrl: string, locale: AppLocale, pathAndQuery: string): string {
  const prefix = locale === 'en' ? '' : `/${locale}`;
  return new URL(`${prefix}${pathAndQuery}`, appUrl).toString();
}
