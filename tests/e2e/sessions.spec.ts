import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page, request as playwrightRequest, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, E2E_BASE_URL } from './e2e-env';
import { expectPath, type Locale, logIn, message, messages, serverAs } from './helpers';

// Issue 22 finding 14: a user sees and ends their own sessions on the account page (390 px), and an admin
// ends a recruiter's sessions from the recruiter's page (1280 px). Siti, a demo recruiter no other spec
// signs in as, so ending her sessions disturbs no other spec; the two tests share her, so they run in
// one project, one after the other.

const SITI_EMAIL = 'siti.recruiter@example.com';
const SITI_NAME = 'Siti Nurhaliza binti Kamarudin';
const SITI_PASSWORD = 'Tanjung#Sesi-4827';
const SHOTS = process.env.SS_SHOTS_DIR ?? '/tmp/ss-shots';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe.configure({ mode: 'serial' });

const text = (locale: Locale, key: string, values: Record<string, string> = {}) =>
  message(locale, key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
/** A plural message as the app says it: the variant for `count`, then {count} and the other values filled in. */
const counted = (locale: Locale, key: string, count: number, values: Record<string, string> = {}) => {
  const [{ selectors, match }] = messages(locale)[key] as unknown as [
    { selectors: string[]; match: Record<string, string> },
  ];
  const category = new Intl.PluralRules(locale).select(count);
  const variant = match[`${selectors[0]}=${category}`] ?? match[`${selectors[0]}=other`] ?? '';
  return variant.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'count' ? String(count) : (values[name] ?? '')));
};

async function signedInPage(browser: Browser, userAgent: string, viewport = PHONE, email = SITI_EMAIL) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport,
    userAgent,
    locale: 'en-US',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const page = await context.newPage();
  await logIn(page, email, email === SITI_EMAIL ? SITI_PASSWORD : DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  return page;
}

const toast = (page: Page, message: string) =>
  expect(page.getByTestId('toast').filter({ hasText: message })).toBeVisible();

/** What the phone's screen shows with the section in the middle of it. */
async function shoot(page: Page, section: Locator, name: string) {
  await section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * The page's next call to the API is refused and the app ends its session: it goes to '/' (the seed's
 * "logged out and sent to '/'"), and a signed-in page now asks to log in.
 */
async function expectSignedOut(page: Page) {
  await page.reload();
  await expectPath(page, '/');
  await page.goto('/account');
  await expectPath(page, '/login');
}

// Siti's demo account must set its own password first; she does it once, through the API.
// Each test sets its own viewport: it runs once, in the desktop project (playwright.config.ts).
test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const api = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await api.post('/api/auth/login', { data: { email: SITI_EMAIL, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const set = await api.post('/api/recruiter/auth/update/password', {
    data: { token, password: SITI_PASSWORD, confirmPassword: SITI_PASSWORD },
  });
  expect(set.ok(), await set.text()).toBe(true);
  await api.dispose();
});

test('a recruiter sees her devices on the account page and signs out the others (390 px)', async ({ browser }) => {
  test.setTimeout(90_000);
  const iphone = await signedInPage(browser, IPHONE_SAFARI);
  const laptop = await signedInPage(browser, WINDOWS_EDGE);
  const phone = await signedInPage(browser, ANDROID_CHROME);

  // English: the three devices, this one marked; one other signed out from its row.
  await phone.goto('/account');
  const section = phone.locator('section[aria-labelledby="account-sessions-heading"]');
  await expect(section.getByRole('heading', { name: text('en', 'account_sessions_heading') })).toBeVisible();
  const rows = section.getByTestId('account-session');
  await expect(rows).toHaveCount(3);
  const here = rows.filter({ hasText: text('en', 'account_sessions_this_device') });
  await expect(here).toHaveCount(1);
  await expect(here).toContainText(text('en', 'account_sessions_device', { browser: 'Chrome', os: 'Android' }));
  await expect(here.getByRole('button')).toHaveCount(0);
  const iphoneLabel = text('en', 'account_sessions_device', { browser: 'Safari', os: 'iOS' });
  await expect(rows.filter({ hasText: iphoneLabel })).toHaveCount(1);
  await expect(section).not.toContainText('127.0.0.1');
  await shoot(phone, section, 'account-sessions-en-390-three-devices');
  await section
    .getByRole('button', { name: text('en', 'account_sessions_sign_out_named', { device: iphoneLabel }) })
    .click();
  await toast(phone, counted('en', 'account_sessions_signed_out_toast', 1));
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: iphoneLabel })).toHaveCount(0);
  await expectSignedOut(iphone);

  // Malay: "sign out of all other devices", after a confirmation; this device stays signed in.
  await phone.goto('/ms/account');
  const heading = section.getByRole('heading', { name: text('ms', 'account_sessions_heading') });
  await expect(heading).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: text('ms', 'account_sessions_this_device') })).toHaveCount(1);
  await shoot(phone, section, 'account-sessions-ms-390-two-devices');
  await section.getByRole('button', { name: text('ms', 'account_sessions_sign_out_others') }).click();
  const dialog = phone.getByRole('alertdialog');
  await expect(dialog).toContainText(counted('ms', 'account_sessions_sign_out_others_title', 1));
  await expect(dialog).toContainText(text('ms', 'account_sessions_sign_out_others_text'));
  await phone.screenshot({ path: `${SHOTS}/account-sessions-ms-390-confirm.png` });
  await expect(dialog.getByRole('button', { name: text('ms', 'account_cancel') })).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: text('ms', 'account_sessions_sign_out'), exact: true }).click();
  await toast(phone, counted('ms', 'account_sessions_signed_out_toast', 1));
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await expect(section).toContainText(text('ms', 'account_sessions_only_this'));
  await shoot(phone, section, 'account-sessions-ms-390-after-toast');
  await phone.getByTestId('toast').getByRole('button').click();
  await shoot(phone, section, 'account-sessions-ms-390-one-device');
  await expectSignedOut(laptop);

  // This device still works: its next calls are answered.
  await phone.reload();
  await expectPath(phone, '/ms/account');
  await expect(rows).toHaveCount(1);
  for (const page of [iphone, laptop, phone]) await page.context().close();
});

test('an admin ends a recruiter’s sessions from her page (1280 px)', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const api = await serverAs(request, ADMIN_EMAIL);
  const found = await api.get<{ items: { id: number }[] }>(
    `/api/admin/recruiters?search=${encodeURIComponent(SITI_EMAIL)}`,
  );
  const id = found.items[0]?.id as number;
  // From a known start: none of Siti's sessions of the test before is left.
  await api.post(`/api/admin/recruiters/${id}/sessions/end`);
  const admin = await signedInPage(browser, WINDOWS_EDGE, DESKTOP, ADMIN_EMAIL);

  for (const locale of ['en', 'zh'] as const) {
    const siti = await signedInPage(browser, ANDROID_CHROME);
    await admin.goto(`${locale === 'en' ? '' : `/${locale}`}/admin/manage-task/recruiter-${id}`);
    const header = admin.locator('header').filter({ has: admin.getByRole('heading', { name: SITI_NAME }) });
    const end = header.getByRole('button', {
      name: text(locale, 'admin_recruiters_end_sessions_named', { name: SITI_NAME }),
    });
    await expect(end).toHaveText(text(locale, 'admin_recruiters_end_sessions'));
    if (locale === 'en') await header.screenshot({ path: `${SHOTS}/admin-recruiter-header-1280.png` });
    await end.click();
    const dialog = admin.getByRole('alertdialog');
    await expect(dialog).toContainText(text(locale, 'admin_recruiters_end_sessions_title', { name: SITI_NAME }));
    await expect(dialog).toContainText(text(locale, 'admin_recruiters_end_sessions_text', { name: SITI_NAME }));
    if (locale === 'en') await admin.screenshot({ path: `${SHOTS}/admin-end-sessions-confirm-1280.png` });
    await dialog.getByRole('button', { name: text(locale, 'admin_recruiters_end_sessions'), exact: true }).click();
    await toast(admin, counted(locale, 'admin_recruiters_end_sessions_toast', 1, { name: SITI_NAME }));
    if (locale === 'zh') await admin.screenshot({ path: `${SHOTS}/admin-end-sessions-toast-zh-1280.png` });
    // Her app goes to the login page at its next call; the account stays active (she logs in again next round).
    await expectSignedOut(siti);
    await siti.context().close();
  }
});
