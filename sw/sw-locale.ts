/// <reference lib="webworker" />
import { baseLocale, cookieName, isLocale, type Locale } from '#src/paraglide/runtime.js';

declare const self: ServiceWorkerGlobalScope;

// The worker has no address of its own to read a language from, so the texts it writes itself (a push
// it could not read, an outbox refusal) follow what the pages do: the locale cookie the user's choice
// wrote (read through the Cookie Store API where there is one), then the browser's languages.
export async function workerLocale(): Promise<Locale> {
  try {
    const store = (self as unknown as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
      .cookieStore;
    const chosen = (await store?.get(cookieName))?.value;
    if (chosen && isLocale(chosen)) return chosen;
  } catch {
    // No cookie store here: the browser's languages decide.
  }
  for (const tag of self.navigator.languages ?? []) {
    const language = tag.toLowerCase().split('-')[0] ?? '';
    if (isLocale(language)) return language;
  }
  return baseLocale;
}

/** An app path with the locale's prefix, as the router writes it (en has none). */
export const localizedPath = (path: string, locale: Locale): string =>
  locale === baseLocale ? path : `/${locale}${path}`;
