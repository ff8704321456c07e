import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { DEMO_PASSWORD, e2eDataDir, RECRUITER_EMAIL } from './e2e-env';

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

type Variants = [{ selectors: string[]; match: Record<string, string> }];

/** A message with one count, as the app says it: its plural variant for that number, the count filled in. */
export function countMessage(locale: Locale, key: string, count: number): string {
  const entry = (messages(locale) as Record<string, string | Variants>)[key];
  if (entry === undefined) throw new Error(`messages/${locale}.json has no ${key}`);
  const fill = (text: string) => text.replace(/\{\w+\}/g, String(count));
  if (typeof entry === 'string') return fill(entry);
  const [{ selectors, match }] = entry;
  const category = new Intl.PluralRules(locale).select(count);
  const text = match[`${selectors[0]}=${category}`] ?? match[`${selectors[0]}=other`];
  if (text === undefined) throw new Error(`messages/${locale}.json ${key} has no ${category} variant`);
  return fill(text);
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

// The server seen through its own API login (never the page's token), for specs that check what it holds.
export type ServerApi = {
  get: <T>(url: string) => Promise<T>;
  post: (url: string) => Promise<void>;
  bytes: (url: string) => Promise<Buffer>;
};

/** The server as the demo recruiter (or another user), through a fresh login of its own. */
export async function serverAs(
  request: APIRequestContext,
  email = RECRUITER_EMAIL,
  password = DEMO_PASSWORD,
): Promise<ServerApi> {
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), 'API login').toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { Authorization: `Bearer ${accessToken}` };
  return {
    get: async <T>(url: string): Promise<T> => {
      const answer = await request.get(url, { headers });
      expect(answer.ok(), url).toBe(true);
      return ((await answer.json()) as { data: T }).data;
    },
    post: async (url: string) => {
      const answer = await request.post(url, { headers });
      expect(answer.ok(), url).toBe(true);
    },
    bytes: async (url: string) => {
      const answer = await request.get(url, { headers });
      expect(answer.ok(), url).toBe(true);
      return answer.body();
    },
  };
}

/** The query keys in the saved query cache (IndexedDB), as JSON text: what a reload offline can read. */
export function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('recruiter-query-cache');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('cache')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('cache', 'readonly').objectStore('cache').getAll();
          all.onerror = () => resolve([]);
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as unknown[]).flatMap((raw) => {
                const saved = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
                  clientState?: { queries?: { queryKey: unknown[] }[] };
                };
                return (saved.clientState?.queries ?? []).map((query) => JSON.stringify(query.queryKey));
              }),
            );
          };
        };
      }),
  );
}

/** Waits until the saved query cache holds a query whose key starts with `keyStart`. */
export async function expectSaved(page: Page, keyStart: string) {
  await expect
    .poll(async () => (await savedQueryKeys(page)).some((key) => key.startsWith(keyStart)), {
      message: `${keyStart} saved for offline`,
      timeout: 10_000,
    })
    .toBe(true);
}

/**
 * The talent link pages' limit per address (60 calls in 15 minutes) counted afresh: every spec of the run
 * comes from one address, this machine's, where each talent of a journey would be a person on a phone of
 * their own. Written into the running server's database, as the limit keeps its count there.
 */
export function freshTalentLinkLimit() {
  const db = new Database(path.join(e2eDataDir(), 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare("delete from rate_limits where key like 'talent-link-ip:%'").run();
  } finally {
    db.close();
  }
}
