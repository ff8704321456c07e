import { expect, test } from '@playwright/test';
import { type Locale, message, pageTitle } from './helpers';

// Screens in the three locales: titles from the same messages the app uses, and the 404 page.

const prefixes: Record<Locale, string> = { en: '', ms: '/ms', zh: '/zh' };

for (const locale of ['en', 'ms', 'zh'] as const) {
  test(`${locale}: the login page is titled in its locale`, async ({ page }) => {
    await page.goto(`${prefixes[locale]}/login`);
    await expect(page).toHaveTitle(pageTitle(locale, 'title_login'));
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'en' ? /^en/ : locale);
  });

  test(`${locale}: the FAQ page is titled in its locale`, async ({ page }) => {
    await page.goto(`${prefixes[locale]}/faq`);
    await expect(page).toHaveTitle(pageTitle(locale, 'title_faq'));
  });
}

test('an unknown path shows Page Not Found', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByText('Page Not Found').first()).toBeVisible();
});

test('an unknown path under /ms shows the Malay Page Not Found', async ({ page }) => {
  await page.goto('/ms/this/page/does-not-exist');
  await expect(page.getByText(message('ms', 'error_page_not_found')).first()).toBeVisible();
});

test('the home page renders with the app title', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Recruiter/);
  await expect(page.locator('#app > *').first()).toBeVisible();
});
