import { expect, test } from '@playwright/test';
import { E2E_PORT } from './e2e-env';
import { waitForServiceWorkerControl } from './helpers';

// The installable shell: manifest, service worker, offline reloads and deep links, robots.

type Manifest = {
  name: string;
  short_name: string;
  theme_color: string;
  display: string;
  start_url: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

test('the web app manifest is served and installable', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as Manifest;
  expect(manifest.name).toBe('Recruiter');
  expect(manifest.short_name).toBe('Recruiter');
  expect(manifest.theme_color.toUpperCase()).toBe('#2D3CFE');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');

  const any = (size: string) => manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').includes('any'));
  expect(any('192x192')).toBeTruthy();
  expect(any('512x512')).toBeTruthy();
  expect(manifest.icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  const theme = await page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(theme?.toUpperCase()).toBe('#2D3CFE');
});

test('the service worker registers and controls the page', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(new URL(scriptURL ?? 'about:blank').pathname).toBe('/sw.js');
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
  expect(scope).toBe(`${new URL(page.url()).origin}/`);
});

test('the shell reloads offline, deep links render offline, and /api is never served from a cache', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await expect(page.locator('#app > *').first()).toBeVisible();
  // Online first, so an API answer would be in a cache if the worker ever cached one.
  expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(200);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('#app > *').first()).toBeVisible();
    await expect(page).toHaveTitle(/Recruiter/);

    await page.goto('/faq');
    expect(new URL(page.url()).pathname).toBe('/faq');
    await expect(page.locator('#app > *').first()).toBeVisible();
    await expect(page).toHaveTitle(/Recruiter/);

    const apiOffline = await page.evaluate(async () => {
      try {
        const res = await fetch('/api/health');
        return `answered ${res.status}`;
      } catch {
        return 'network error';
      }
    });
    expect(apiOffline).toBe('network error');
  } finally {
    await context.setOffline(false);
  }
});

test("the first load warms the browser's Intl data on a worker, which the CSP allows and which then ends", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  // It closes itself once its formatters are built (lib/intl-warmup.worker.ts); listened for as it
  // starts, since it may end before any later line runs.
  const ended = new Promise<string>((resolve) => {
    page.on('worker', (worker) => {
      if (worker.url().includes('/assets/intl-warmup')) worker.once('close', () => resolve(worker.url()));
    });
  });
  await page.goto('/login');
  expect(new URL(await ended).origin).toBe(new URL(page.url()).origin);
  expect(problems).toEqual([]);
});

test('/api/health answers JSON', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/application\/json/);
  expect(res.headers()['cache-control']).toBe('no-store');
  const body = (await res.json()) as { success: boolean; data: { status: string } };
  expect(body.success).toBe(true);
  expect(body.data.status).toBe('ok');
});

test('robots: noindex outside production unless the origin is APP_URL', async ({ request }) => {
  // APP_ENV=test; APP_URL is http://localhost:<port>, so the same server on 127.0.0.1 is "another origin".
  const other = await request.get(`http://127.0.0.1:${E2E_PORT}/login`);
  expect(await other.text()).toContain('<meta name="robots" content="noindex, noarchive, nofollow">');
  expect(other.headers()['x-robots-tag']).toBe('noindex, noarchive, nofollow');

  const own = await request.get('/login');
  expect(await own.text()).not.toContain('name="robots"');
  expect(own.headers()['x-robots-tag']).toBeUndefined();
});

test('robots meta is in the rendered page on another origin', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${E2E_PORT}/`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, noarchive, nofollow');
});

test('a missing script answers 404, not the app', async ({ request }) => {
  const res = await request.get('/assets/this-chunk-does-not-exist.js');
  expect(res.status()).toBe(404);
});
