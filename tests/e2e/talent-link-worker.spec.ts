import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { freshTalentLinkLimit, message, waitForServiceWorkerControl } from './helpers';
import { linkInMail } from './mail-links';
import { referTalent } from './refer-talent';

// A talent's consent and ITA links in a browser where the app's service worker already controls the site:
// after the talent looked at their data first (an app page, which installs the worker), after a recruiter
// signed in on that phone, and offline. The worker once answered these links with the app's shell, whose
// router has no such page: "Page Not Found", and a reload kept it. (playwright.config.ts: the mobile
// project; the old worker's case, which swaps the worker, is in app-update.spec.ts.)

const t = (key: string) => message('ms', key);

async function expectTalentPage(page: Page, title: string, heading = title) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Recruiter`);
  await expect(page.getByText(t('error_page_not_found'))).toHaveCount(0);
}

test('the consent and ITA links open their page when the worker controls the browser, and say so offline', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  freshTalentLinkLimit();
  const { email, referralId } = await referTalent(page, 'ms');
  const consent = await linkInMail(email, '/talent/consent');

  // The e-mail's "Manage my data" link first: an app page, and the worker takes the site.
  await page.goto(await linkInMail(email, '/talent/data'));
  await expect(page.getByRole('heading', { level: 1, name: t('talent_data_heading') })).toBeVisible();
  await waitForServiceWorkerControl(page);

  // Then the same e-mail's consent link: the talent's page, and again after a reload.
  await page.goto(consent);
  await expectTalentPage(page, t('title_consent'));
  await expect(page.getByRole('heading', { level: 2, name: t('talent_link_notice_heading') })).toBeVisible();
  await page.reload();
  await expectTalentPage(page, t('title_consent'));
  expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.getByRole('button', { name: t('talent_link_consent_agree') }).click();
  await expect(page.getByTestId('talent-link-thanks')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('consent-with-worker.png'), fullPage: true });

  // A recruiter signs in on this phone and sends the ITA link; it opens the talent's page too.
  await page.goto('/ms/login');
  await page.getByLabel(t('auth_email_label')).fill(RECRUITER_EMAIL);
  await page.getByLabel(t('auth_password_label'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('auth_login_submit') }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const login = await page.request.post('/api/auth/login', {
    data: { email: RECRUITER_EMAIL, password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const ita = await page.request.post('/api/recruiter/talent-task/resend-ita/email', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { referralId },
  });
  expect(ita.status(), await ita.text()).toBe(200);
  const itaLink = await linkInMail(email, '/talent/ita-success');
  await page.goto(itaLink);
  await expectTalentPage(page, t('title_ita_success'), t('talent_link_ita_heading'));
  await expect(page.getByRole('button', { name: t('talent_link_ita_confirm') })).toBeVisible();

  // Offline: the talent is told, in their language, and can try again; never the app's 404.
  await context.setOffline(true);
  try {
    await page.goto(itaLink).catch(() => null);
    await expect(page.getByRole('heading', { level: 1, name: t('offline_page_title') })).toBeVisible();
    await expect(page.getByText(t('talent_link_offline_text'))).toBeVisible();
    await expect(page.getByText(t('error_page_not_found'))).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ms');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath('ita-offline.png'), fullPage: true });
  } finally {
    await context.setOffline(false);
  }
  await page.getByRole('link', { name: t('talent_link_retry') }).click();
  await expectTalentPage(page, t('title_ita_success'), t('talent_link_ita_heading'));
  await page.getByRole('button', { name: t('talent_link_ita_confirm') }).click();
  await expect(page.getByTestId('talent-link-thanks')).toBeVisible();
});
