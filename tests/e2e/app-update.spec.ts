import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshTalentLinkLimit, message, waitForServiceWorkerControl } from './helpers';
import { linkInMail } from './mail-links';
import { referTalent } from './refer-talent';

// The update prompt. It edits the built sw.js that the server is serving, so it runs in one project
// only (playwright.config.ts): two projects editing the same file at once would race.
test('a new build is announced, and applied when the user asks', async ({ page }) => {
  const swFile = new URL('../../dist/client/sw.js', import.meta.url);
  const original = readFileSync(swFile);
  const compressed = ['.br', '.gz'].map((suffix) => new URL(`../../dist/client/sw.js${suffix}`, import.meta.url));
  const originalsCompressed = compressed.map((file) => {
    try {
      return readFileSync(file);
    } catch {
      return null;
    }
  });

  await page.goto('/');
  await waitForServiceWorkerControl(page);
  try {
    // A "new build": different worker bytes. Its precompressed copies would still be the old build.
    writeFileSync(swFile, `${original.toString('utf8')}\n// e2e build ${Date.now()}\n`);
    for (const file of compressed) rmSync(file, { force: true });

    await page.reload(); // the app checks for a new build on start
    await expect(page.getByText('A new version is available')).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(true);

    const reloaded = page.waitForEvent('framenavigated', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Reload to update' }).click();
    await reloaded;
    await waitForServiceWorkerControl(page);
    await expect(page.getByText('A new version is available')).toBeHidden();
    expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting)).toBe(false);
  } finally {
    writeFileSync(swFile, original);
    compressed.forEach((file, i) => {
      const content = originalsCompressed[i];
      if (content) writeFileSync(file, content);
    });
  }
});

// A phone still running a worker from before talent links went to the network: that worker answered every
// navigation, a talent's link too, with the app's shell, whose router showed "Page Not Found". The new
// worker, installed by that shell's update check, takes over at once and reloads the talent's tab onto
// their page. The old worker is played by a script of its own (it serves the cached shell for every
// navigation, as the old one did), so the built sw.js other specs are using is never touched.
test("a talent's link shown by an old worker's shell reaches the talent's page once the new worker installs", async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const oldWorker = new URL('../../dist/client/e2e-old-sw.js', import.meta.url);
  writeFileSync(
    oldWorker,
    `self.addEventListener('install', (e) => { self.skipWaiting(); e.waitUntil(caches.open('e2e-old-shell').then((c) => c.add('/index.html'))); });
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (e) => {
  if (e.request.mode === 'navigate') e.respondWith(caches.match('/index.html', { cacheName: 'e2e-old-shell' }));
});
`,
  );
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    freshTalentLinkLimit();
    const { email } = await referTalent(page, 'ms');
    const consent = await linkInMail(email, '/talent/consent');
    await page.goto('/ms/faq');
    await waitForServiceWorkerControl(page);
    // The phone's worker becomes the old one, and nothing on it says a worker ever sent talent links out.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/e2e-old-sw.js', { scope: '/' });
      await new Promise<void>((resolve) => {
        if (registration.active?.scriptURL.endsWith('/e2e-old-sw.js')) return resolve();
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      });
      for (const name of await caches.keys()) if (name !== 'e2e-old-shell') await caches.delete(name);
    });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/e2e-old-sw\.js$/);

    // The talent opens their link: the old worker answers the shell; the shell registers the app's worker,
    // which takes over and brings the talent's page.
    await page.goto(consent);
    const title = message('ms', 'title_consent');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(`${title} | Recruiter`);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    await page.screenshot({ path: testInfo.outputPath('consent-after-old-worker.png'), fullPage: true });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  } finally {
    await context.close();
    rmSync(oldWorker, { force: true });
  }
});
