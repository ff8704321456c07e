import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, message, pageTitle } from './helpers';

// A signed-out first visit of the login page runs the guest's first router (src/guest-router.tsx, issue
// 28): the login, reset and update-password pages without the app's route tree. The app's router (its
// own chunk, router-*.js) is fetched once the first screen is up, and takes over in the same document at
// any other address: after logging in, or from a link under the card.

/** Marks the document, so a later check tells whether the page was loaded anew. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** When the app router's chunk was asked for, and when the login page's own chunk had arrived (ms). */
function appRouterTiming(page: Page) {
  return page.evaluate(() => {
    const chunks = (name: string) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(new URL(entry.name).pathname),
      );
    return {
      requests: chunks('router').map((entry) => entry.startTime),
      loginPageArrived: chunks('login-page').map((entry) => entry.responseEnd),
    };
  });
}

test('the Malay login page comes first, the app follows after the load, and logging in stays in the page', async ({
  page,
}) => {
  await page.goto('/ms/login');
  const t = (key: string) => message('ms', key);
  await expect(page).toHaveTitle(pageTitle('ms', 'title_login'));
  const card = page.locator('main');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(t('auth_login_heading'));
  await expect(card.getByText(t('auth_login_intro'))).toBeVisible();
  await expect(card.getByLabel(t('auth_email_label'))).toBeVisible();
  await expect(card.locator('#login-password')).toBeVisible();
  await expect(card.getByRole('link', { name: t('auth_forgot_password') })).toBeVisible();
  await expect(card.getByText(t('auth_remember_me'))).toBeVisible();
  await expect(card.getByRole('button', { name: t('auth_login_submit') })).toBeEnabled();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: t('nav_privacy') })).toBeVisible();

  // The app's router was not part of the first screen: asked for once, after the login page's chunk.
  await expect.poll(async () => (await appRouterTiming(page)).requests.length).toBe(1);
  const timing = await appRouterTiming(page);
  expect(timing.loginPageArrived).toHaveLength(1);
  expect(timing.requests[0]).toBeGreaterThan(timing.loginPageArrived[0] as number);

  await markDocument(page);
  await page.locator('#login-email').fill(RECRUITER_EMAIL);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await card.getByRole('button', { name: t('auth_login_submit') }).click();

  // The app's router took over at the dashboard, in Malay, in the same document.
  await expectPath(page, '/ms/dashboard');
  await expect(page).toHaveTitle(pageTitle('ms', 'title_dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('title_dashboard'));
  await expect(page.getByText(t('common_loading'))).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);

  // Back to the login page while signed in: the app's guest guard sends the user on to the dashboard.
  await page.goBack();
  await expectPath(page, '/ms/dashboard');
});

test('the reset page is part of the first router; a link under the card hands over to the app', async ({ page }) => {
  await page.goto('/login');
  await markDocument(page);
  await page.getByRole('link', { name: message('en', 'auth_forgot_password') }).click();
  await expectPath(page, '/reset-password');
  await expect(page).toHaveTitle(pageTitle('en', 'title_reset_password'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'auth_reset_heading'));

  // The privacy policy is the app's: its router takes over, in the same document, at that address.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: message('en', 'nav_privacy') })
    .click();
  await expectPath(page, '/privacy-policy');
  await expect(page).toHaveTitle(pageTitle('en', 'title_privacy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'title_privacy'));
  expect(await sameDocument(page)).toBe(true);

  // Back: the app's router now serves the reset page too.
  await page.goBack();
  await expectPath(page, '/reset-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('en', 'auth_reset_heading'));
});
