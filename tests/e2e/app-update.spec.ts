import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForServiceWorkerControl } from './helpers';

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
