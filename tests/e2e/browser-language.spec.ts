import { expect, test } from '@playwright/test';
import { expectPath, type Locale, pageTitle } from './helpers';

// Seed section 1: "the browser language is detected" (issue 21). A first visit without the locale
// cookie follows the browser's languages; a cookie, or a prefix in the address, wins over them.
const BROWSERS: { browserLocale: string; locale: Locale; prefix: string }[] = [
  { browserLocale: 'zh-CN', locale: 'zh', prefix: '/zh' },
  { browserLocale: 'ms-MY', locale: 'ms', prefix: '/ms' },
];
const PAGES: [string, string][] = [
  ['/', 'title_home'],
  ['/login', 'title_login'],
  ['/faq', 'title_faq'],
];

for (const { browserLocale, locale, prefix } of BROWSERS) {
  test(`a first visit from a ${browserLocale} browser opens the ${locale} pages`, async ({ browser }) => {
    for (const [path, titleKey] of PAGES) {
      // A new context each time: a first visit, no cookie.
      const context = await browser.newContext({ locale: browserLocale });
      const page = await context.newPage();
      await page.goto(path);
      await expectPath(page, path === '/' ? `${prefix}/` : `${prefix}${path}`);
      await expect(page).toHaveTitle(pageTitle(locale, titleKey));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'PARAGLIDE_LOCALE')?.value).toBe(locale);
      await context.close();
    }
  });
}

test('a chosen language (the cookie) wins over the browser, and so does a prefix in the address', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'en', url: baseURL }]);
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle(pageTitle('en', 'title_login'));
  await expectPath(page, '/login');

  await page.goto('/ms/faq');
  await expect(page).toHaveTitle(pageTitle('ms', 'title_faq'));
  await expectPath(page, '/ms/faq');
  await context.close();
});
