import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferredLocaleHref, rememberLocaleCookie, resolveLocaleOncePerRun } from '#src/lib/locale.ts';
import { getLocale, overwriteGetLocale } from '#src/paraglide/runtime.js';

const setCookie = (value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the locale cookie is what paraglide reads
  document.cookie = value;
};

describe('first-visit locale', () => {
  afterEach(() => {
    setCookie('PARAGLIDE_LOCALE=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT');
    vi.restoreAllMocks();
  });

  it("sends a first visit without a prefix to the browser's language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'en']);
    expect(preferredLocaleHref('http://localhost/faq?x=1')).toBe('http://localhost/zh/faq?x=1');
  });

  it('prefers the language chosen before (the cookie) over the browser', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
    setCookie('PARAGLIDE_LOCALE=ms; path=/');
    expect(preferredLocaleHref('http://localhost/')).toBe('http://localhost/ms/');
  });

  it('stays on English when English was chosen, and never moves a prefixed address', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ms-MY']);
    setCookie('PARAGLIDE_LOCALE=en; path=/');
    expect(preferredLocaleHref('http://localhost/login')).toBeNull();
    expect(preferredLocaleHref('http://localhost/zh/login')).toBeNull();
  });

  it('reads the cookie once when told to remember it, and again once it is forgotten', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en']);
    getLocale(); // paraglide's first call writes the address's locale to the cookie: done before the test's
    setCookie('PARAGLIDE_LOCALE=ms; path=/');
    const forget = rememberLocaleCookie();
    setCookie('PARAGLIDE_LOCALE=zh; path=/');
    await Promise.resolve(); // paraglide's own memory of the cookie lasts until the next microtask
    expect(preferredLocaleHref('http://localhost/faq')).toBe('http://localhost/ms/faq');

    forget();
    await Promise.resolve();
    expect(preferredLocaleHref('http://localhost/faq')).toBe('http://localhost/zh/faq');
  });
});

describe('the locale, worked out once per run of script', () => {
  const original = getLocale;
  afterEach(() => {
    overwriteGetLocale(original);
    history.replaceState(null, '', '/');
  });

  it("answers the address's locale, and after the address changed, the new one once the run has ended", async () => {
    history.replaceState(null, '', '/ms/task');
    resolveLocaleOncePerRun();
    expect(getLocale()).toBe('ms');
    history.replaceState(null, '', '/zh/task');
    // The same run (a render) keeps the answer it worked out...
    expect(getLocale()).toBe('ms');
    await Promise.resolve();
    // ...and the next one reads the address again.
    expect(getLocale()).toBe('zh');
    history.replaceState(null, '', '/task');
    await Promise.resolve();
    expect(getLocale()).toBe('en');
  });
});
