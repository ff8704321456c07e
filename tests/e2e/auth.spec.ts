import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, pageTitle } from './helpers';

// Logging in and out, and the guards around the logged-in screens.

test('a recruiter logs in and lands on the dashboard', async ({ page }) => {
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await expect(page).toHaveTitle(pageTitle('en', 'title_dashboard'));

  // A recruiter is not an admin: an admin screen sends them elsewhere.
  await page.goto('/admin/tasks');
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/admin/tasks');

  // Logging out ends the session: back to /login, and the dashboard asks to log in again.
  await page.goto('/logout');
  await expectPath(page, '/login');
  await page.goto('/dashboard');
  await expectPath(page, '/login');
});

test('an admin logs in and lands on the dashboard', async ({ page }) => {
  await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto('/admin/tasks');
  await expectPath(page, '/admin/tasks');
  await expect(page).toHaveTitle(pageTitle('en', 'title_tasks'));
});

test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
  await logIn(page, 'nobody@example.com', 'not-the-password-1');
  await expect(page.getByRole('alert').or(page.locator('.alert-error, .text-error')).first()).toBeVisible();
  await expectPath(page, '/login');
});

test('an anonymous visit to the dashboard goes to the login page with the way back', async ({ page }) => {
  await page.goto('/dashboard');
  await expectPath(page, '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toContain('/dashboard');
});

test('after logging in from a guarded page the user returns to it', async ({ page }) => {
  await page.goto('/earning');
  await expectPath(page, '/login');
  await page.getByLabel(/e-?mail/i).fill(ADMIN_EMAIL);
  await page
    .getByLabel(/password/i)
    .and(page.locator('input'))
    .first()
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in|login/i }).click();
  await expectPath(page, '/earning');
});

test('/update-password without a token goes to the login page', async ({ page }) => {
  await page.goto('/update-password');
  await expectPath(page, '/login');
});

test('/logout without a session goes to the login page', async ({ page }) => {
  await page.goto('/logout');
  await expectPath(page, '/login');
});

for (const [locale, email] of [
  ['ms', RECRUITER_EMAIL],
  ['zh', ADMIN_EMAIL],
] as const) {
  test(`${locale}: logging in through the ${locale} login page keeps the ${locale} app`, async ({ page }) => {
    await page.goto(`/${locale}/login`);
    await expect(page).toHaveTitle(pageTitle(locale, 'title_login'));
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expectPath(page, `/${locale}/dashboard`);
    await expect(page).toHaveTitle(pageTitle(locale, 'title_dashboard'));
  });
}
