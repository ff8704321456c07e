import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, message } from './helpers';

// Issue 21 item 11: the browser says online but the server does not answer. A failed fetch is offline
// whatever navigator.onLine says: the offline banner shows, a page whose data was never loaded shows
// the offline page (not "Internal Server Error"), and both go once the server answers again.
const en = (key: string) => message('en', key);

test('the server stops answering while the browser is online: offline page and banner, then back', async ({
  page,
}, testInfo) => {
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  // The dashboard has loaded (its own title, not the offline page's) before the server goes.
  await expect(page.getByRole('heading', { level: 1, name: en('title_dashboard') })).toBeVisible();

  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  // A screen never opened in this session: its data is not cached. (On a phone the nav is in the drawer.)
  if (testInfo.project.name === 'mobile') await page.getByTitle(en('nav_open_menu')).click();
  await page
    .getByRole('navigation', { name: en('nav_main_label') })
    .getByRole('link', { name: en('nav_earning') })
    .click();
  await expectPath(page, '/earning');

  await expect(page.getByTestId('offline-page')).toBeVisible();
  await expect(page.getByTestId('error-page-title')).toHaveText(en('offline_page_title'));
  await expect(page.getByText(en('error_page_internal'))).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveText(en('outbox_offline_banner'));

  await page.unroute('**/api/**');
  await page.getByRole('button', { name: en('offline_page_retry') }).click();
  await expect(page.getByRole('heading', { level: 1, name: en('title_earning') })).toBeVisible();
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});
