import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferredLocaleHref, rememberLocaleCookie } from '#src/lib/locale.ts';
import { extractLocaleFromCookie } from '#src/paraglide/runtime.js';

// A file of its own: paraglide writes the cookie only on the first getLocale() of the page, so this
// must be the first one the runtime sees (as on a real first visit).
describe('a first visit without a locale cookie (issue 21)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it("follows the browser's language even though paraglide's first getLocale() writes en to the cookie", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN', 'en-US']);
    history.replaceState(null, '', '/login');
    expect(extractLocaleFromCookie()).toBeUndefined();

    rememberLocaleCookie(); // main.tsx, at start

    // paraglide wrote the address's locale (en)...
    expect(extractLocaleFromCookie()).toBe('en');
    // ...but the page was opened without a cookie, so the browser's Chinese decides.
    expect(preferredLocaleHref('http://localhost/login')).toBe('http://localhost/zh/login');
    expect(preferredLocaleHref('http://localhost/faq')).toBe('http://localhost/zh/faq');
    expect(preferredLocaleHref('http://localhost/')).toBe('http://localhost/zh/');
  });
});
