import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, freshTalentLinkLimit, type Locale, logIn, pageTitle } from './helpers';

// The whole run comes from one address, and the talent's pages count calls per address (60 in 15
// minutes): each test starts with the count afresh, as a talent on their own phone would (helpers.ts).
test.beforeEach(() => freshTalentLinkLimit());

// Every route of the seed (section 2), in its three variants, carries its `<Title> | Recruiter`,
// read from the same messages the app uses.

const prefix: Record<Locale, string> = { en: '', ms: '/ms', zh: '/zh' };

const PUBLIC: [string, string][] = [
  ['/', 'title_home'],
  ['/contact', 'title_contact'],
  ['/faq', 'title_faq'],
  ['/privacy-policy', 'title_privacy'],
  ['/terms-and-conditions', 'title_terms'],
  ['/talent/consent?token=abc', 'title_consent'],
  ['/talent/ita-success?token=abc', 'title_ita_success'],
  ['/talent/data?token=abc', 'talent_data_title'],
  ['/talent/data/request', 'talent_data_request_title'],
  ['/login', 'title_login'],
  ['/reset-password', 'title_reset_password'],
  ['/update-password?token=abc', 'title_update_password'],
  ['/notifications/unsubscribe?token=abc', 'title_notification_unsubscribe'],
];

const RECRUITER: [string, string][] = [
  ['/account', 'title_account'],
  ['/dashboard', 'title_dashboard'],
  ['/earning', 'title_earning'],
  ['/task', 'title_task'],
  ['/task/promo/1', 'title_promo_tasks'],
  ['/manage-task', 'title_manage_task'],
  ['/manage-task/1', 'title_manage_task_detail'],
  ['/manage-task/talent-view', 'title_talent_view'],
  ['/manage-task/add?taskId=1', 'title_add_talent'],
  ['/manage-task/add/drop-resume?taskId=1', 'title_drop_resume'],
  ['/manage-task/add/profile-completion?taskId=1&talentId=1', 'title_profile_completion'],
  ['/talents-folder', 'title_talents_folder'],
  ['/talents-folder/1/profile', 'title_talent_profile'],
  ['/talents-folder/1/profile/edit', 'title_edit_talent_profile'],
  ['/talents-folder/1/hiring-status', 'title_hiring_status'],
  ['/outbox', 'title_outbox'],
  ['/share-target', 'title_share_target'],
  ['/notifications', 'title_notifications'],
];

const ADMIN: [string, string][] = [
  ['/admin/hiring-status', 'title_hiring_status'],
  ['/admin/manage-task', 'title_admin_manage_tasks'],
  ['/admin/manage-task/add-recruiter', 'title_add_recruiter'],
  ['/admin/manage-task/recruiter-2', 'title_recruiters'],
  ['/admin/manage-task/recruiter-2/1', 'title_manage_task_detail'],
  ['/admin/manage-task/recruiter-2/talent-view', 'title_admin_manage_tasks'],
  ['/admin/payments', 'title_payments'],
  ['/admin/insight', 'title_insight'],
  ['/admin/access-record', 'access_record_title'],
  ['/admin/promo', 'title_promo'],
  ['/admin/promo/1', 'title_promo'],
  ['/admin/promo/1/add-tasks', 'title_add_tasks_to_promo'],
  ['/admin/tasks', 'title_tasks'],
  ['/admin/companies', 'title_companies'],
  ['/notifications', 'title_notifications'],
];

async function expectTitles(page: import('@playwright/test').Page, locale: Locale, routes: [string, string][]) {
  for (const [path, key] of routes) {
    const url = `${prefix[locale]}${path}`;
    await page.goto(url);
    await expect(page, url).toHaveTitle(pageTitle(locale, key));
    await expect(page.locator('html'), url).toHaveAttribute('lang', locale);
  }
}

// Each route is a full page load (the app booted anew), 10 to 17 of them a test: on a busy two-core
// runner a load took up to ~2 s (the public walk 15-18 s, the recruiter walk past 30 s), so a test gets
// two minutes, not the 30 s of a test that visits one screen.
test.describe.configure({ timeout: 120_000 });

for (const locale of ['en', 'ms', 'zh'] as const) {
  test(`${locale}: every public route is titled`, async ({ page }) => {
    await expectTitles(page, locale, PUBLIC);
  });

  test(`${locale}: every recruiter route is titled`, async ({ page }) => {
    await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await expectTitles(page, locale, RECRUITER);
  });

  test(`${locale}: every admin route is titled`, async ({ page }) => {
    await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');
    await expectTitles(page, locale, ADMIN);
  });
}

test('add-talent pages without their required parameters show Page Not Found', async ({ page }) => {
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  for (const url of [
    '/manage-task/add',
    '/manage-task/add/drop-resume',
    '/manage-task/add/profile-completion?taskId=1',
    '/talent/consent',
    '/talent/ita-success',
    '/talent/data',
  ]) {
    await page.goto(url);
    await expect(page.getByText('Page Not Found').first(), url).toBeVisible();
  }
});

// "Processing" is shown while a held resume is sent and read (add-talent.test.tsx); without one the
// seed sends the recruiter back to the drop.
test('progress without a held resume goes back to drop-resume', async ({ page }) => {
  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');
  await page.goto('/ms/manage-task/add/progress?taskId=1');
  await expectPath(page, '/ms/manage-task/add/drop-resume');
  expect(new URL(page.url()).searchParams.get('taskId')).toBe('1');
  await expect(page).toHaveTitle(pageTitle('ms', 'title_drop_resume'));
});
