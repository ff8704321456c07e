import { readFileSync } from 'node:fs';
import type { Driver } from './driver';
import { STEP_TIMEOUT, untilFound } from './wait';

// Assertions on what the WHOLE screen says, the same for every engine.
const catalogue = JSON.parse(readFileSync(new URL('../../messages/en.json', import.meta.url), 'utf8')) as Record<
  string,
  unknown
>;

/** An English message of the app's own catalogue, with {placeholders} filled in. */
export function en(key: string, values: Record<string, string | number> = {}): string {
  const text = catalogue[key];
  if (typeof text !== 'string') throw new Error(`messages/en.json has no plain message ${key}`);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** An English plural message (one/other variants of the catalogue) for `count`. */
export function enCount(key: string, count: number): string {
  const variants = catalogue[key] as [{ match: Record<string, string> }] | undefined;
  const text = variants?.[0]?.match[`countPlural=${count === 1 ? 'one' : 'other'}`];
  if (typeof text !== 'string') throw new Error(`messages/en.json has no plural message ${key}`);
  return text.replace('{count}', String(count));
}

/** Words no screen may show after an action: a raw server error or the app's crash screen. */
const BROKEN = [
  /Internal Server Error/i,
  /Unexpected Application Error/i,
  /\bundefined\b/,
  /\bNaN\b/,
  /\[object Object\]/,
];

export async function expectHealthy(driver: Driver) {
  const text = await driver.text();
  for (const pattern of BROKEN) {
    if (pattern.test(text)) throw new Error(`The screen shows ${pattern}:\n${text.slice(0, 2000)}`);
  }
}

export async function expectText(driver: Driver, wanted: string | RegExp, timeout = STEP_TIMEOUT) {
  let last = '';
  try {
    await untilFound(
      async () => {
        last = await driver.text();
        return typeof wanted === 'string' ? last.includes(wanted) : wanted.test(last);
      },
      `the text ${wanted}`,
      timeout,
    );
  } catch {
    throw new Error(`The screen never said ${wanted}. It says:\n${last.slice(0, 2000)}`);
  }
  await expectHealthy(driver);
}

export async function expectNoText(driver: Driver, unwanted: string | RegExp, timeout = STEP_TIMEOUT) {
  let last = '';
  try {
    await untilFound(
      async () => {
        last = await driver.text();
        return typeof unwanted === 'string' ? !last.includes(unwanted) : !unwanted.test(last);
      },
      `no text ${unwanted}`,
      timeout,
    );
  } catch {
    throw new Error(`The screen still says ${unwanted}:\n${last.slice(0, 2000)}`);
  }
}

export async function expectPath(driver: Driver, pattern: RegExp) {
  let last = '';
  try {
    await untilFound(async () => {
      last = new URL(await driver.url()).pathname;
      return pattern.test(last);
    }, `the path ${pattern}`);
  } catch {
    throw new Error(`The path stayed ${last}, not ${pattern}`);
  }
}

export async function expectValue(driver: Driver, selector: string, wanted: string) {
  let last = '';
  try {
    await untilFound(async () => {
      last = await driver.value(selector);
      return last === wanted;
    }, `${selector} = ${wanted}`);
  } catch {
    throw new Error(`${selector} holds "${last}", not "${wanted}"`);
  }
}

export async function logIn(driver: Driver, email: string, password: string) {
  await driver.goto('/login');
  await driver.fill({ label: en('auth_email_label') }, email);
  await driver.fill({ label: en('auth_password_label') }, password);
  await driver.click('button', en('auth_login_submit'));
  await untilFound(async () => new URL(await driver.url()).pathname !== '/login', 'leaving /login');
  await expectHealthy(driver);
}

/** The server through its own API (never the page's token), for picking data and checking what it holds. */
export async function apiAs(baseUrl: string, email: string, password: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`API login ${login.status}`);
  // The login answer may come bare or in the usual { data } wrapper.
  const body = (await login.json()) as { accessToken?: string; data?: { accessToken: string } };
  const headers = { Authorization: `Bearer ${body.data?.accessToken ?? body.accessToken}` };
  return {
    get: async <T>(url: string): Promise<T> => {
      const answer = await fetch(`${baseUrl}${url}`, { headers });
      if (!answer.ok) throw new Error(`${url}: ${answer.status}`);
      return ((await answer.json()) as { data: T }).data;
    },
    post: async <T>(url: string, json: unknown): Promise<T> => {
      const answer = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
      return ((await answer.json()) as { data: T }).data;
    },
    raw: (url: string) => fetch(`${baseUrl}${url}`, { headers }),
  };
}
