import { expect, type Page, test } from '@playwright/test';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import { DEMO_PASSWORD, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, freshTalentLinkLimit, logIn, message, serverAs } from './helpers';
import { linkInMail } from './mail-links';

// The whole run comes from one address, and the talent's pages count calls per address (60 in 15
// minutes): each test starts with the count afresh, as a talent on their own phone would (helpers.ts).
test.beforeEach(() => freshTalentLinkLimit());

// Issue 3's promise, end to end on a phone, in Malay: a recruiter joins a task, adds a talent from a
// PDF resume through all four pages, uploads a call proof and resends a consent link; the talent opens
// the link from the e-mail the server wrote and agrees; the recruiter sees the new state.
// A phone flow: playwright.config.ts runs it in the mobile project only.
const ms = (key: string) => message('ms', key);

type Card = { id: number; joined: boolean; status: string; title: string };
type ReferralRow = { id: number; talentId: number; consentStatus: string; createdAt: string };

async function consentBadgeOf(page: Page) {
  return page.getByTestId('consent-badge').first();
}

test('a recruiter adds a talent from a PDF resume and the talent consents from the e-mail', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { get } = await serverAs(request);
  const board = await get<{ items: Card[] }>('/api/recruiter/task?status=open&pageSize=50');
  const task = board.items.find((card) => !card.joined);
  expect(task, 'an open task the demo recruiter has not joined').toBeDefined();
  const taskId = (task as Card).id;

  await logIn(page, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(page, '/dashboard');

  // 1. Join the task from its detail on the board.
  await page.goto(`/ms/task?view=${taskId}`);
  await page.getByRole('button', { name: ms('task_join') }).click();
  // The toast shows at the top under the header on a phone: at the bottom it covered the drop form's
  // "Upload and continue" for its five seconds.
  const joinedToast = page
    .getByTestId('toast')
    .filter({ hasText: ms('task_joined_toast').replace('{title}', (task as Card).title) });
  await expect(joinedToast).toBeVisible();
  const toastBox = await joinedToast.boundingBox();
  const header = await page.locator('header').first().boundingBox();
  expect(toastBox && header && toastBox.y >= header.y + header.height && toastBox.y < 200).toBe(true);
  await page.getByRole('link', { name: ms('task_add_talent') }).click();
  await expectPath(page, '/ms/manage-task/add');

  // 2. Drop the resume.
  await page.getByRole('link', { name: ms('manage_add_drop_resume') }).click();
  await expectPath(page, '/ms/manage-task/add/drop-resume');
  const email = `nurul.e2e.${Date.now()}@example.com`;
  const resume = tinyPdf([
    'Nurul Huda binti Rahman',
    'Current position: Senior Accounts Executive',
    'Experience: 6 years of experience in accounting',
    'Education: Bachelor of Accounting',
    'Skills: Excel, SQL, Financial Reporting',
  ]);
  await page
    .locator('#drop-file')
    .setInputFiles({ name: 'nurul-resume.pdf', mimeType: 'application/pdf', buffer: resume });
  await page.locator('#drop-full-name').fill('Nurul Huda binti Rahman');
  await page.locator('#drop-email').fill(email);
  // Unique per run: a referral is one per person (e-mail or phone) per task, and other specs add talents too.
  await page.locator('#drop-phone').fill(`013-${email.replace(/\D/g, '').slice(-7)}`);
  await page.locator('input[name="languages"][value="ms"]').check();
  await page.locator('#drop-education').selectOption('Degree');
  await page.locator('#drop-country').fill('Malaysia');
  await page.locator('#drop-location').fill('Shah Alam');
  await page.locator('#drop-salary').fill('5200');
  await page.getByRole('button', { name: ms('add_talent_drop_submit') }).click();

  // 3. Processing, then 4. profile completion with what the parser read.
  await expectPath(page, '/ms/manage-task/add/profile-completion');
  await expect(page.locator('#profile-position')).toHaveValue('Senior Accounts Executive', { timeout: 15_000 });
  await expect(page.locator('#profile-years')).toHaveValue('6');
  await expect(page.getByRole('button', { name: /Excel/ })).toBeVisible();
  await page.getByLabel(ms('add_talent_yes'), { exact: true }).check();
  await page.getByLabel(ms('rating_good'), { exact: true }).check();
  await page.getByRole('button', { name: ms('add_talent_complete_submit') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/ms\/talents-folder\/\d+\/profile$/);
  expect(new URL(page.url()).searchParams.get('referral')).toMatch(/^\d+$/);
  await expect(await consentBadgeOf(page)).toHaveText(ms('consent_pending'));

  // 5. A call proof, as a screenshot of the phone's call log.
  await page
    .locator('input[type="file"][id$="-file"]')
    .first()
    .setInputFiles({ name: 'call-log.png', mimeType: 'image/png', buffer: tinyPng(3) });
  await page.getByRole('button', { name: ms('call_proof_ui_submit') }).click();
  await expect(page.getByTestId('call-proof-badge').first()).toHaveText(ms('call_proof_need_review'));

  // 6. Resend consent on an older referral still waiting for an answer.
  const waiting = await get<{ items: ReferralRow[] }>('/api/recruiter/talent-task?consent=PENDING&pageSize=50');
  const older = waiting.items.find((row) => Date.parse(row.createdAt) < Date.now() - 3_600_000);
  expect(older, 'a demo referral waiting for consent').toBeDefined();
  const { id: olderId, talentId: olderTalent } = older as ReferralRow;
  await page.goto(`/ms/talents-folder/${olderTalent}/profile?referral=${olderId}`);
  await page.getByRole('button', { name: ms('referral_resend_consent') }).click();
  await expect(page.getByText(ms('referral_consent_sent_toast'))).toBeVisible();

  // 7. The talent opens the link of the new referral from the e-mail, in Malay, and agrees.
  const link = await linkInMail(email, '/talent/consent');
  expect(new URL(link).pathname).toBe('/ms/talent/consent');
  const talentContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const talentPage = await talentContext.newPage();
  await talentPage.goto(link);
  // No personal data of the talent on a page anyone holding the link can open. (Not the location typed
  // above: the task's company may be in the same town, and which task is free depends on the other specs.)
  await expect(talentPage.getByRole('main')).toBeVisible();
  for (const personal of ['Nurul Huda', email, email.replace(/\D/g, '').slice(-7)])
    await expect(talentPage.getByText(personal)).toHaveCount(0);
  await talentPage.getByRole('button', { name: ms('talent_link_consent_agree') }).click();
  await expect(talentPage.getByRole('status').or(talentPage.getByRole('heading')).first()).toBeVisible();
  await talentContext.close();

  // 8. The recruiter sees the answer on the referral.
  await page.goBack();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/ms\/talents-folder\/\d+\/profile$/);
  await page.reload();
  await expect(await consentBadgeOf(page)).toHaveText(ms('consent_confirmed'));
});
