import { expect, type Page, test } from '@playwright/test';
import { tinyPdf } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, type Locale, logIn, message, serverAs } from './helpers';

// Issue 21, "Contact fields read from the resume", on a 390 px phone (the mobile project only): a picked
// PDF fills the talent's name, e-mail and phone, each marked as read from the CV, in English and Malay;
// offline, the page says the read waits for the connection. Screenshots go to /tmp/rc-*.png for a look.

const RESUME = tinyPdf([
  'Nurul Huda binti Rahman',
  'nurul.huda@example.com | +60 13-456 7890',
  'Experience',
  'Accounts Executive (2019 - Present)',
]);

async function openDrop(page: Page, locale: Locale, taskId: number) {
  await page.goto(`${locale === 'en' ? '' : `/${locale}`}/manage-task/add/drop-resume?taskId=${taskId}`);
  await expect(page.locator('#drop-full-name')).toBeEditable();
}

const pick = (page: Page, name = 'nurul.pdf') =>
  page.locator('#drop-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: RESUME });

async function expectFilled(page: Page, locale: Locale) {
  await expect(page.locator('#drop-full-name')).toHaveValue('Nurul Huda binti Rahman');
  await expect(page.locator('#drop-email')).toHaveValue('nurul.huda@example.com');
  await expect(page.locator('#drop-phone')).toHaveValue('013-456 7890');
  await expect(page.locator('#drop-phone-country-code')).toHaveValue('+60');
  await expect(page.getByText(message(locale, 'add_talent_read_from_cv'), { exact: true })).toHaveCount(3);
}

/** Nothing runs out sideways at 390 px. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('a picked PDF fills name, e-mail and phone on a phone, in English and Malay, and waits when offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  expect(testInfo.project.use.viewport?.width).toBe(390);
  const { get } = await serverAs(request);
  const board = await get<{ items: Array<{ id: number }> }>('/api/recruiter/task?status=open&pageSize=50');
  const taskId = board.items[0]?.id as number;
  expect(taskId, 'an open task').toBeDefined();

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');

  await openDrop(page, 'en', taskId);
  await pick(page);
  await expectFilled(page, 'en');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/rc-en.png' });
  await page.screenshot({ path: '/tmp/rc-en-full.png', fullPage: true });
  // Edited, a field is the recruiter's: its note goes.
  await page.locator('#drop-email').fill('nurul@example.com');
  await expect(page.getByText(message('en', 'add_talent_read_from_cv'), { exact: true })).toHaveCount(2);

  await openDrop(page, 'ms', taskId);
  await pick(page);
  await expectFilled(page, 'ms');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/rc-ms.png' });
  await page.screenshot({ path: '/tmp/rc-ms-full.png', fullPage: true });

  // Offline: one line under the file says when the fields are read; back online, they are.
  await openDrop(page, 'ms', taskId);
  await context.setOffline(true);
  await pick(page, 'nurul-offline.pdf');
  await expect(page.getByTestId('resume-note')).toHaveText(message('ms', 'add_talent_contact_read_when_online'));
  await expect(page.locator('#drop-full-name')).toHaveValue('');
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: '/tmp/rc-ms-offline.png' });
  await context.setOffline(false);
  await expectFilled(page, 'ms');
  await expect(page.getByTestId('resume-note')).toHaveCount(0);
});
