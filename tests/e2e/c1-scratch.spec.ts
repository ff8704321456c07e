import { test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD } from './e2e-env';
import { expectPath, logIn } from './helpers';

test('scratch', async ({ page }) => {
  page.on('console', (msg) => console.log('console', msg.type(), msg.text()));
  page.on('pageerror', (err) => console.log('pageerror', err.message, err.stack));
  page.on('response', async (r) => {
    if (r.url().includes('/api/admin/insight')) console.log('resp', r.status(), r.url(), await r.text());
  });
  await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto('/admin/insight');
  await page.waitForTimeout(3000);
});
