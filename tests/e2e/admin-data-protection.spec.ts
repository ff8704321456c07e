import { readFileSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, E2E_BASE_URL, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, type Locale, logIn, message } from './helpers';

// Issue 24 part 3 on a desktop: the admin finds a demo talent by e-mail across every recruiter, exports
// everything held about them, erases them in two steps (what will happen; then a reason and the word
// ERASE), reads the outcome, and the recruiter's folder no longer has them. Then the same screen at
// 1440 px in Chinese, up to the last step and back. Desktop project only (it erases a demo talent once).

// Amirul has one referral, with a call proof and a rejected reward (no money): erasing deletes him outright.
// No other spec names him or picks his referral (a11y.spec takes the newest pending and the newest
// consented-with-ITA-open referrals; his ITA was declined).
const PERSON = { name: 'Amirul Hakim bin Yusof', email: 'amirul.yusof@example.com' };
const OTHER = { name: 'Kavitha a/p Subramaniam', email: 'kavitha.s@example.com' };
const text = (locale: Locale, key: string, values: Record<string, string> = {}) =>
  message(locale, key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
const prefix: Record<Locale, string> = { en: '', ms: '/ms', zh: '/zh' };

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport, timezoneId: 'Asia/Kuala_Lumpur' });
  return context.newPage();
}

async function findAndOpen(page: Page, locale: Locale, person: { name: string; email: string }) {
  await page.goto(`${prefix[locale]}/admin/data-protection`);
  await page.getByLabel(text(locale, 'data_protection_search_label')).fill(person.email.toUpperCase());
  await page.getByRole('button', { name: text(locale, 'data_protection_search_button') }).click();
  const match = page.getByTestId('person-match').filter({ hasText: person.name });
  await expect(match).toBeVisible();
  await expect(match).toContainText('recruiter@example.com');
  await match.getByRole('button', { name: text(locale, 'data_protection_open_named', { name: person.name }) }).click();
  const view = page.getByTestId('person-view');
  await expect(view.getByRole('heading', { level: 2, name: person.name })).toBeVisible();
  return view;
}

test('an admin finds a talent by e-mail, exports and erases them, and the recruiter no longer has them', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await newPage(browser, { width: 1280, height: 800 });
  await logIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(admin, '/dashboard');
  await admin
    .getByRole('link', { name: text('en', 'data_protection_nav') })
    .first()
    .click();
  await expectPath(admin, '/admin/data-protection');

  const view = await findAndOpen(admin, 'en', PERSON);
  await expect(view.getByTestId('person-referrals').getByRole('row')).toHaveCount(2); // header + one referral
  await expect(view.getByTestId('person-files')).toContainText(text('en', 'data_protection_file_call_proof'));
  // The opening is in the record of access at once; the export joins it when the file is saved.
  const access = view.getByTestId('person-access');
  await expect(access).toContainText(text('en', 'data_protection_action_person_view'));
  await expect(access).not.toContainText(text('en', 'data_protection_action_person_export'));
  await admin.screenshot({ path: 'test-results/e2e/data-protection-person-1280-en.png', fullPage: true });

  const downloading = admin.waitForEvent('download');
  await view.getByRole('button', { name: text('en', 'data_protection_export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^person-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as {
    profile: { fullName: string; email: string };
    referrals: unknown[];
    files: unknown[];
  };
  expect(exported.profile).toMatchObject({ fullName: PERSON.name, email: PERSON.email });
  expect(exported.referrals).toHaveLength(1);
  expect(exported.files.length).toBeGreaterThan(0);
  await expect(access).toContainText(text('en', 'data_protection_action_person_export'));

  await view.getByRole('button', { name: text('en', 'data_protection_erase_now') }).click();
  const first = admin.getByRole('alertdialog');
  await expect(first).toContainText(text('en', 'data_protection_erase_explain'));
  await admin.screenshot({ path: 'test-results/e2e/data-protection-erase-step1-1280-en.png' });
  await first.getByRole('button', { name: text('en', 'data_protection_erase_continue') }).click();
  const form = admin.getByTestId('erase-form');
  await form.getByLabel(text('en', 'data_protection_erase_reason')).fill('Asked by e-mail to be removed');
  await form.getByLabel(text('en', 'data_protection_erase_type_word', { word: 'ERASE' })).fill('ERASE');
  await admin.screenshot({ path: 'test-results/e2e/data-protection-erase-step2-1280-en.png' });
  await form.getByRole('button', { name: text('en', 'data_protection_erase_confirm') }).click();
  await expect(admin.getByTestId('erase-outcome')).toContainText(text('en', 'data_protection_outcome_deleted'));
  await admin.screenshot({ path: 'test-results/e2e/data-protection-outcome-1280-en.png' });

  // Searched again: nobody has that address any more.
  await admin.getByLabel(text('en', 'data_protection_search_label')).fill(PERSON.email);
  await admin.getByRole('button', { name: text('en', 'data_protection_search_button') }).click();
  await expect(admin.getByTestId('people-none')).toBeVisible();

  const recruiter = await newPage(browser, { width: 1280, height: 800 });
  await logIn(recruiter, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expect.poll(() => new URL(recruiter.url()).pathname, { timeout: 10_000 }).not.toBe('/login');
  await recruiter.goto('/talents-folder?search=Amirul');
  await expect(recruiter.getByText(text('en', 'list_empty_filtered'))).toBeVisible();
  await expect(recruiter.getByTestId('talent-card').filter({ hasText: PERSON.name })).toHaveCount(0);
});

test('the Data protection screen at 1440 px in Chinese, up to the last step of an erase and back', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const admin = await newPage(browser, { width: 1440, height: 900 });
  await logIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(admin, '/dashboard');
  const view = await findAndOpen(admin, 'zh', OTHER);
  await expect(view.getByTestId('person-links')).toBeVisible();
  await admin.screenshot({ path: 'test-results/e2e/data-protection-person-1440-zh.png', fullPage: true });
  await view.getByRole('button', { name: text('zh', 'data_protection_erase_now') }).click();
  await admin.screenshot({ path: 'test-results/e2e/data-protection-erase-step1-1440-zh.png' });
  await admin
    .getByRole('alertdialog')
    .getByRole('button', { name: text('zh', 'data_protection_erase_continue') })
    .click();
  const form = admin.getByTestId('erase-form');
  await form.getByRole('button', { name: text('zh', 'data_protection_erase_confirm') }).click();
  await expect(form.getByText(text('zh', 'data_protection_error_reason_short'))).toBeVisible();
  await expect(form.getByText(text('zh', 'data_protection_error_confirm_word'))).toBeVisible();
  await admin.screenshot({ path: 'test-results/e2e/data-protection-erase-step2-1440-zh.png' });
  await form.getByRole('button', { name: text('zh', 'data_protection_cancel') }).click();
  await expect(view.getByRole('heading', { level: 2, name: OTHER.name })).toBeVisible();

  await admin.getByRole('tab', { name: text('zh', 'data_protection_tab_requests') }).click();
  await expect(admin.getByTestId('requests-none').or(admin.getByTestId('request-table'))).toBeVisible();
  await admin.screenshot({ path: 'test-results/e2e/data-protection-requests-1440-zh.png', fullPage: true });
});
