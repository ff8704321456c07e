import { deLocalizeUrl, getLocale, isLocale, localizeUrl, setLocale } from '#src/paraglide/runtime.js';

// Just signed in, the app takes the account's language (a browser's first-visit guess or another person's
// choice on this device would otherwise stay). The login page only marks the sign-in in session storage
// (its first load is at its budget); the signed-in layout then follows the account, once.
const SIGNED_IN_KEY = 'recruiter.signed-in';

/**
 * Once after a sign-in: the address of `path` (the router's, without a language prefix) in the account's
 * language, or null when the page is in it already.
 */
export function accountLocaleHrefAfterSignIn(accountLocale: string, path: string): string | null {
  try {
    if (sessionStorage.getItem(SIGNED_IN_KEY) === null) return null;
    sessionStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    return null;
  }
  if (!isLocale(accountLocale) || accountLocale === getLocale()) return null;
  setLocale(accountLocale, { reload: false });
  // The URL forms the router's rewrite already uses.
  const url = localizeUrl(deLocalizeUrl(new URL(path, location.origin)), { locale: accountLocale });
  return `${url.pathname}${url.search}${url.hash}`;
}
