import { expect, test } from '@playwright/test';
import { freshTalentLinkLimit, message } from './helpers';
import { linkInMail } from './mail-links';
import { referTalent } from './refer-talent';

// The whole run comes from one address, and the talent's pages count calls per address (60 in 15
// minutes): each test starts with the count afresh, as a talent on their own phone would (helpers.ts).
test.beforeEach(() => freshTalentLinkLimit());

// Issue 28: the talent's consent page on a phone, as a talent first opens it from the e-mail. The notice
// is readable before any script has run (the server writes it into the page, in the talent's language);
// with the script, the page does not move when React takes it over, does not ask for the link a second
// time, and the answer goes through. (playwright.config.ts: the mobile project.)

const t = (key: string, values: Record<string, string> = {}) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), message('ms', key));

test('a talent reads the consent notice in Malay before any script, then answers with it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const { email } = await referTalent(page, 'ms');
  const link = await linkInMail(email, '/talent/consent');
  expect(new URL(link).pathname).toBe('/ms/talent/consent');

  // No script at all: what a slow phone shows before the JavaScript is in.
  const bare = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const still = await bare.newPage();
  await still.goto(link);
  await expect(still).toHaveTitle(`${t('title_consent')} | Recruiter`);
  await expect(still.getByRole('heading', { level: 1, name: t('title_consent') })).toBeVisible();
  await expect(still.getByRole('heading', { level: 2, name: t('talent_link_notice_heading') })).toBeVisible();
  await expect(still.getByText(t('talent_link_consent_question'))).toBeVisible();
  // The page's stylesheet holds its frame's classes: the skip link is for screen readers only, the header
  // lays the languages out in a row. (The frame moved out of features/talent-links once and its classes
  // went missing from talent.css: "Skip to content" showed and the header stacked.)
  const skip = still.getByRole('link', { name: t('nav_skip_to_content') });
  expect(await skip.evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  const languages = still.getByRole('navigation', { name: t('lang_label') });
  expect(await languages.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  const bullets = still.locator('[aria-labelledby="consent-notice"] li');
  await expect(bullets).toHaveCount(4);
  await expect(still.getByRole('link', { name: t('talent_link_notice_privacy_link') })).toHaveAttribute(
    'href',
    '/ms/privacy-policy',
  );
  // The choices are there, and wait for the script.
  await expect(still.getByRole('button', { name: t('talent_link_consent_agree') })).toBeDisabled();
  await expect(still.getByRole('button', { name: t('talent_link_decline') })).toBeDisabled();
  expect(await still.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
  const serverText = (await still.locator('main').textContent()) ?? '';
  await still.screenshot({ path: testInfo.outputPath('consent-ms-before-script.png'), fullPage: true });
  await bare.close();

  // With the script: nothing moves, the view is not asked for again, and the buttons work.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/public/consent')) asked.push(`${request.method()} ${request.url()}`);
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(link);
  const agree = page.getByRole('button', { name: t('talent_link_consent_agree') });
  await expect(agree).toBeEnabled();
  // What React shows starts with what the server wrote, word for word (then adds the way to one's data).
  const reactText = (await page.locator('main').textContent()) ?? '';
  expect(serverText.length).toBeGreaterThan(500);
  expect(reactText.slice(0, serverText.length)).toBe(serverText);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
  expect(asked).toEqual([]);

  await agree.click();
  await expect(page.getByTestId('talent-link-thanks')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: t('talent_link_thanks_heading') })).toBeFocused();
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatch(/^POST /);
  await page.screenshot({ path: testInfo.outputPath('consent-ms-answered.png'), fullPage: true });

  // Another language is a link: the same page, in Chinese, remembered for the next visit.
  await page.getByRole('link', { name: message('zh', 'lang_zh') }).click();
  await expect(page).toHaveURL(/\/zh\/talent\/consent\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: message('zh', 'title_consent') })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: message('zh', 'talent_link_already_heading') }),
  ).toBeVisible();
});
