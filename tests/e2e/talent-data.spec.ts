import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { freshTalentLinkLimit, type Locale, logIn, message, messages } from './helpers';
import { linkInMail } from './mail-links';
import { referTalent } from './refer-talent';

// The whole run comes from one address, and the talent's pages count calls per address (60 in 15
// minutes): each test starts with the count afresh, as a talent on their own phone would (helpers.ts).
test.beforeEach(() => freshTalentLinkLimit());

// Issue 24 part 2, on a phone: a talent opens the "manage my data" link from their consent e-mail, sees
// what is held about them, downloads it as JSON and as a readable page, asks for a correction and
// withdraws their consent, in English, Malay and Chinese. (playwright.config.ts: the mobile project.)

/** A message as a pattern, its placeholders matching anything (dates, names). */
const pattern = (locale: Locale, key: string) =>
  new RegExp(
    message(locale, key)
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{\w+\}/g, '.*'),
  );

for (const locale of ['en', 'ms', 'zh'] as const) {
  test(`a talent sees, downloads, corrects and withdraws their data in ${locale}`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = (key: string) => message(locale, key);
    const { email, name, talentId } = await referTalent(page, locale);

    // The consent e-mail: the talent agrees first, so there is a consent to withdraw later.
    await page.goto(await linkInMail(email, '/talent/consent'));
    await page.getByRole('button', { name: t('talent_link_consent_agree') }).click();
    await expect(page.getByTestId('talent-link-thanks')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`talent-data-${locale}-consent.png`), fullPage: true });
    // "See or manage your data" on the consent page opens the data page too.
    await page.getByRole('button', { name: t('talent_data_open_link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('talent_data_heading') })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(locale === 'en' ? '/talent/data' : `/${locale}/talent/data`);

    // The same e-mail's "Manage my data" link, in the talent's language.
    const dataLink = await linkInMail(email, '/talent/data');
    expect(new URL(dataLink).pathname).toBe(locale === 'en' ? '/talent/data' : `/${locale}/talent/data`);
    await page.goto(dataLink);
    await expect(page.getByRole('heading', { level: 1, name: t('talent_data_heading') })).toBeVisible();
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(email, { exact: true })).toBeVisible();
    await expect(page.getByText('Punctual and careful.')).toBeVisible();
    await expect(page.getByText('my-cv.pdf')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`talent-data-${locale}-top.png`) });

    // Downloads: the readable page and the JSON, in the talent's language.
    const [html] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t('talent_data_download_html') }).click(),
    ]);
    const page1 = readFileSync(await html.path(), 'utf8');
    expect(page1).toContain(`<html lang="${locale}">`);
    expect(page1).toContain(t('talent_data_profile_heading'));
    expect(page1).toContain(name);
    expect(page1).toContain('Punctual and careful.');
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t('talent_data_download_json') }).click(),
    ]);
    const data = JSON.parse(readFileSync(await json.path(), 'utf8'));
    expect(data.profile).toMatchObject({ fullName: name, email });
    expect(data.referrals[0]).toMatchObject({ consentStatus: 'CONFIRMED', recruiterNote: 'Punctual and careful.' });

    // A correction.
    await page.getByLabel(t('talent_data_correction_label')).fill('My location is Kuala Lumpur, not Shah Alam.');
    await page.getByRole('button', { name: t('talent_data_correction_send') }).click();
    await expect(page.getByText(pattern(locale, 'talent_data_correction_sent'))).toBeVisible();
    await expect(page.getByText(pattern(locale, 'talent_data_request_correction'))).toBeVisible();

    // The recruiter, on their phone, sees the request on the talent's profile and closes it once done,
    // saying what they corrected; the talent reads that answer on their data page.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const recruiter = await phone.newPage();
    await logIn(recruiter, RECRUITER_EMAIL, DEMO_PASSWORD);
    await expect.poll(() => new URL(recruiter.url()).pathname).toBe('/dashboard');
    await recruiter.goto(`${locale === 'en' ? '' : `/${locale}`}/talents-folder/${talentId}/profile`);
    const banner = recruiter.getByTestId('correction-request');
    await expect(banner).toContainText('My location is Kuala Lumpur, not Shah Alam.');
    await banner.getByRole('button', { name: t('talent_correction_done_open') }).click();
    await banner.getByLabel(t('talent_correction_done_label')).fill('Location changed to Kuala Lumpur.');
    await recruiter.screenshot({ path: testInfo.outputPath(`talent-data-${locale}-recruiter-closing.png`) });
    await banner.getByRole('button', { name: t('talent_correction_done_submit') }).click();
    await expect(recruiter.getByText(t('talent_correction_done_toast')).first()).toBeVisible();
    await expect(recruiter.getByTestId('correction-request')).toHaveCount(0);
    await phone.close();
    await page.reload();
    await expect(page.getByText('Location changed to Kuala Lumpur.')).toBeVisible();
    await expect(page.getByText(t('talent_data_request_response'), { exact: true })).toBeVisible();
    // The talent is e-mailed the answer as well, with a fresh link to this page.
    let answered = dataLink;
    await expect
      .poll(
        async () => {
          answered = await linkInMail(email, '/talent/data');
          return answered;
        },
        { timeout: 20_000 },
      )
      .not.toBe(dataLink);

    // Withdrawal, after one more question; the page says when the data is erased.
    await page.getByRole('button', { name: t('talent_data_withdraw_action') }).click();
    await page.getByRole('button', { name: t('talent_data_withdraw_confirm') }).click();
    await expect(page.getByText(pattern(locale, 'talent_data_withdrawn'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('talent_data_withdraw_action') })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`talent-data-${locale}-full.png`), fullPage: true });
    for (const key of ['talent_data_referrals_heading', 'talent_data_requests_heading']) {
      await page.getByRole('heading', { name: t(key), exact: true }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`talent-data-${locale}-${key}.png`) });
    }
    // A new link by address: the same answer for any address, and the e-mail comes for a known one.
    await page.goto(locale === 'en' ? '/talent/data/request' : `/${locale}/talent/data/request`);
    await page.getByLabel(t('talent_data_request_email')).fill(email);
    await page.getByRole('button', { name: t('talent_data_request_send') }).click();
    await expect(page.getByTestId('talent-data-request-done')).toHaveText(t('talent_data_request_done'));
    let fresh = answered;
    await expect
      .poll(
        async () => {
          fresh = await linkInMail(email, '/talent/data');
          return fresh;
        },
        { timeout: 20_000 },
      )
      .not.toBe(answered);
    await page.goto(fresh);
    await expect(page.getByText(pattern(locale, 'talent_data_withdrawn'))).toBeVisible();
    // Nothing English is left on a Malay or Chinese page.
    if (locale !== 'en')
      expect(await page.locator('main').textContent()).not.toContain(messages('en').talent_data_heading);
  });
}
