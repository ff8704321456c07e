import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

export type Locale = 'en' | 'ms' | 'zh';

const cache = new Map<Locale, Record<string, string>>();

/** The app's own message catalogue, so titles and texts are checked against the same source. */
export function messages(locale: Locale): Record<string, string> {
  let found = cache.get(locale);
  if (!found) {
    found = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), 'utf8')) as Record<
      string,
      string
    >;
    cache.set(locale, found);
  }
  return found;
}

export function message(locale: Locale, key: string): string {
  const text = messages(locale)[key];
  if (typeof text !== 'string') throw new Error(`messages/${locale}.json has no ${key}`);
  return text;
}

/** Document titles are `<Title> | Recruiter` (seed section 1). */
export const pageTitle = (locale: Locale, key: string) => `${message(locale, key)} | Recruiter`;

export async function logIn(page: Page, email: string, password: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page
    .getByLabel(/password/i)
    .and(page.locator('input'))
    .first()
    .fill(password);
  await page.getByRole('button', { name: /log in|login/i }).click();
}

export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe(pathname);
}

/** Waits until the service worker controls the page (first visit: after it activated and claimed it). */
export async function waitForServiceWorkerControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
}
