import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tinyPdf, tinyPng } from '#src/server/db/demo/files.ts';
import type { MoneyAnswer, MoneyCount } from '#src/shared/insight.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import { ADMIN_EMAIL, DEMO_PASSWORD, e2eDataDir } from './e2e-env';
import { expectPath, logIn, message, serverAs } from './helpers';

// Issue 5's promise, end to end on a desktop: an admin adds a recruiter (the invitation e-mail is
// written), creates a task and a promo, assigns the task; the recruiter (through the API, to stay fast)
// sets a password, refers a talent with a call proof and the talent consents from the e-mail; the admin
// accepts the call proof, approves the reward (task reward + promo bonus), pays it; the recruiter's
// earning page shows it as Paid. A desktop flow: playwright.config.ts runs it in the chromium project only.
const en = (key: string) => message('en', key);

/** "MYR 200.00" as en-US formats it (the space may be a no-break space). */
const money = (major: number) => new RegExp(`MYR\\s${major}\\.00`);

/** A page of the admin's menu, opened as the admin does: in the app, not by reloading it. */
async function openFromMenu(page: Page, key: string, pathname: string) {
  await page
    .getByRole('link', { name: en(key) })
    .first()
    .click();
  await expectPath(page, pathname);
}

/** Insight's two cards of what is owed in ringgit say `owed`. */
async function expectOwed(page: Page, owed: { approved: MoneyCount; pending: MoneyCount }) {
  const myr = (count: MoneyCount) => formatMinorUnits(count.amount, 'MYR', INTL_LOCALES.en);
  await expect(page.getByTestId('insight-owed-approved-MYR-value')).toHaveText(myr(owed.approved));
  await expect(page.getByTestId('insight-owed-pending-MYR-value')).toHaveText(myr(owed.pending));
}

/** Malaysia wall time (UTC+8) of `date`, as a datetime-local input takes it. */
const malaysiaWallTime = (date: Date) => new Date(date.getTime() + 8 * 3_600_000).toISOString().slice(0, 16);

/** The decoded text of every e-mail to `to` that the server wrote under DATA_DIR/mail, newest first. */
function mailsTo(to: string): string[] {
  const dir = path.join(e2eDataDir(), 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {
    return [];
  }
  const toLine = new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi');
  return files
    .map((file) => readFileSync(path.join(dir, file), 'latin1'))
    .filter((raw) => toLine.test(raw))
    .map((raw) =>
      // Quoted-printable: soft line breaks, then =XX bytes read as UTF-8.
      Buffer.from(
        raw
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    );
}

/** Waits for an e-mail to `to` whose text matches `pattern`; answers the match. */
async function mailMatch(to: string, pattern: RegExp, what: string): Promise<RegExpMatchArray> {
  let found: RegExpMatchArray | null = null;
  await expect
    .poll(
      () => {
        for (const text of mailsTo(to)) {
          found = text.match(pattern);
          if (found) return true;
        }
        return false;
      },
      { timeout: 20_000, message: `${what} to ${to}` },
    )
    .toBe(true);
  return found as unknown as RegExpMatchArray;
}

/** The `data` of an API answer (or the answer itself when it is not wrapped). */
async function dataOf<T>(answer: Awaited<ReturnType<APIRequestContext['post']>>, what: string): Promise<T> {
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
  const body = (await answer.json()) as { data?: T } & T;
  return (body.data ?? body) as T;
}

async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

test('an admin runs the whole cycle from a new recruiter to a paid reward', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const recruiterName = `Farah Money ${stamp}`;
  const recruiterEmail = `farah.money.${stamp}@example.com`;
  const taskTitle = `Payroll Specialist ${stamp}`;
  const promoTitle = `Payroll Month ${stamp}`;
  const talentName = `Aisyah Paid ${stamp}`;
  const talentEmail = `aisyah.paid.${stamp}@example.com`;
  const newPassword = 'Money-Cycle#2026';
  const reference = `TRX-${stamp}`;

  // What Insight says is owed in ringgit, as the server counts it now.
  const admin = await serverAs(request, ADMIN_EMAIL);
  const owed = async () => {
    const { liability } = await admin.get<MoneyAnswer>('/api/admin/insight/money');
    const none = { count: 0, amount: 0 };
    const row = liability.find((line) => line.currency === 'MYR');
    return { approved: row?.approved ?? none, pending: row?.pendingPayment ?? none };
  };

  // 1. The admin logs in.
  await logIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');

  // 2. A task: RM 150 per rewarded referral.
  await page.goto('/admin/tasks');
  await page
    .getByRole('button', { name: en('admin_tasks_new') })
    .first()
    .click();
  const taskDialog = page.getByTestId('task-form-dialog');
  await expect(taskDialog).toBeVisible();
  await taskDialog.locator('#task-title').fill(taskTitle);
  await taskDialog.locator('#task-company').fill('Money Cycle Sdn Bhd');
  await taskDialog.locator('#task-job-type').selectOption('ft');
  await taskDialog.locator('#task-location').fill('Kuala Lumpur');
  await taskDialog.locator('#task-description').fill('Runs the monthly payroll of 300 staff.');
  await taskDialog.locator('#task-reward').fill('150');
  await taskDialog.locator('#task-quota').fill('5');
  await taskDialog.locator('input[name="requiredLanguages"][value="en"]').check();
  await taskDialog.getByRole('button', { name: en('admin_tasks_create_submit') }).click();
  await expect(taskDialog).toBeHidden();
  await toast(page, taskTitle);

  // 3. A promo running now with a RM 50 bonus, and the task in it.
  await page.goto('/admin/promo');
  await page
    .getByRole('button', { name: en('admin_promo_new') })
    .first()
    .click();
  const promoDialog = page.getByTestId('promo-create-dialog');
  await promoDialog.locator('#new-promo-title').fill(promoTitle);
  await promoDialog.locator('#new-promo-starts-at').fill(malaysiaWallTime(new Date(Date.now() - 3_600_000)));
  await promoDialog.locator('#new-promo-ends-at').fill(malaysiaWallTime(new Date(Date.now() + 7 * 86_400_000)));
  await promoDialog.locator('#new-promo-bonus').fill('50');
  await promoDialog.getByRole('button', { name: en('admin_promo_create_submit') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/promo\/\d+$/);
  await page
    .getByRole('link', { name: en('title_add_tasks_to_promo') })
    .first()
    .click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/promo\/\d+\/add-tasks$/);
  await page.locator('#promo-candidates-search').fill(taskTitle);
  const candidate = page.getByTestId('candidate-task').filter({ hasText: taskTitle });
  await candidate.locator('input[type="checkbox"]').check();
  await page.getByRole('button', { name: message('en', 'admin_promo_add_selected').replace('{count}', '1') }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/promo\/\d+$/);
  await expect(page.getByText(taskTitle).first()).toBeVisible();

  // 4. A new recruiter; the invitation with the temporary password is written.
  await page.goto('/admin/manage-task/add-recruiter');
  await page.locator('#recruiter-full-name').fill(recruiterName);
  await page.locator('#recruiter-email').fill(recruiterEmail);
  await page.locator('#recruiter-phone').fill('012-345 6789');
  await page.locator('#recruiter-locale').selectOption('en');
  await page.getByRole('button', { name: en('admin_recruiters_add_submit') }).click();
  await expectPath(page, '/admin/manage-task');
  const invitation = await mailMatch(recruiterEmail, /Temporary password: ([^\s<]+)/, 'the invitation');
  const temporaryPassword = invitation[1] as string;
  expect(mailsTo(recruiterEmail).some((text) => text.includes(en('email_invitation_intro')))).toBe(true);
  await mailMatch(
    recruiterEmail,
    new RegExp(`^Subject: ${en('email_invitation_subject')}`, 'm'),
    'the invitation subject',
  );

  // 5. The admin assigns the task to the recruiter from their page.
  await page.locator('#recruiters-search').fill(recruiterEmail);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(recruiterEmail);
  await page.getByRole('link', { name: recruiterName }).click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/manage-task\/recruiter-\d+$/);
  await page.getByRole('button', { name: en('admin_recruiters_assign_task') }).click();
  const assign = page.getByTestId('assign-task');
  await assign.getByRole('combobox').fill(taskTitle);
  await assign.getByRole('option', { name: new RegExp(taskTitle) }).click();
  await assign.getByRole('button', { name: en('admin_recruiters_assign'), exact: true }).click();
  await toast(page, `“${taskTitle}” was assigned to ${recruiterName}.`);

  // 6. The recruiter, through the API: a password of their own, a talent referred, a call proof.
  const first = await dataOf<{ needToChangePassword: boolean; token: string }>(
    await request.post('/api/auth/login', { data: { email: recruiterEmail, password: temporaryPassword } }),
    'login with the temporary password',
  );
  expect(first.needToChangePassword).toBe(true);
  await dataOf(
    await request.post('/api/recruiter/auth/update/password', {
      data: { token: first.token, password: newPassword, confirmPassword: newPassword },
    }),
    'update password',
  );
  const login = await dataOf<{ accessToken: string }>(
    await request.post('/api/auth/login', { data: { email: recruiterEmail, password: newPassword } }),
    'login',
  );
  const headers = { Authorization: `Bearer ${login.accessToken}` };
  const myTasks = await dataOf<{ items: { id: number; title: string }[] }>(
    await request.get(`/api/recruiter/recruiter/task?search=${encodeURIComponent(taskTitle)}`, { headers }),
    'my tasks',
  );
  const taskId = myTasks.items.find((task) => task.title === taskTitle)?.id as number;
  expect(taskId, 'the assigned task is among the recruiter’s tasks').toBeGreaterThan(0);

  const drop = await dataOf<{ talentId: number }>(
    await request.post('/api/recruiter/talent/drop_resume', {
      headers,
      multipart: {
        file: {
          name: 'aisyah-resume.pdf',
          mimeType: 'application/pdf',
          buffer: tinyPdf([talentName, 'Current position: Payroll Executive', 'Experience: 4 years in payroll']),
        },
        fullName: talentName,
        email: talentEmail,
        countryCode: '+60',
        // Unique per run: the phone flow (another worker) may refer its own talent to this new task.
        phone: `012-${String(stamp).slice(-7)}`,
        languages: JSON.stringify(['en', 'ms']),
        educationLevel: 'Degree',
        country: 'Malaysia',
        location: 'Petaling Jaya',
        expectedSalary: '5200',
        taskId: String(taskId),
        contactLocale: 'en',
      },
    }),
    'drop resume',
  );
  const referral = await dataOf<{ referralId: number }>(
    await request.post('/api/recruiter/talent/task', {
      headers,
      multipart: {
        talentId: String(drop.talentId),
        taskId: String(taskId),
        educationLevel: 'Degree',
        hasWorkExperience: 'true',
        yearsOfExperience: '4',
        currentPosition: 'Payroll Executive',
        rating: '10',
      },
    }),
    'profile completion',
  );
  await dataOf(
    await request.post('/api/recruiter/talent-task/call-proof', {
      headers,
      multipart: {
        file: { name: 'call-log.png', mimeType: 'image/png', buffer: tinyPng(3) },
        referralId: String(referral.referralId),
        calledAt: new Date(Date.now() - 600_000).toISOString(),
        note: 'Talked about the role for 10 minutes.',
      },
    }),
    'call proof',
  );

  // 7. The talent consents through the link of the e-mail the server wrote.
  const consentLink = await mailMatch(
    talentEmail,
    /https?:\/\/[^\s"<>]*\/talent\/consent\?token=([A-Za-z0-9_-]+)/,
    'the consent link',
  );
  await dataOf(
    await request.post('/api/public/consent', {
      data: { token: consentLink[1], decision: 'CONFIRMED', locale: 'en' },
    }),
    'consent',
  );

  // 8. The admin starts from what is owed (Insight), then reviews the referral: accepts the call proof,
  // approves RM 150 + RM 50; all through the menu, without reloading the app.
  await openFromMenu(page, 'nav_admin_insight', '/admin/insight');
  const before = await owed();
  await expectOwed(page, before);
  await openFromMenu(page, 'nav_admin_hiring_status', '/admin/hiring-status');
  await page.locator('#hiring-search').fill(talentName);
  await page.getByRole('button', { name: talentName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]referral=${referral.referralId}\\b`));
  const detail = page.getByRole('dialog');
  const proof = detail.getByTestId('admin-call-proof');
  await proof.getByRole('button', { name: en('admin_hiring_proof_accept'), exact: true }).click();
  await expect(proof.getByTestId('call-proof-badge')).toHaveText(en('call_proof_accepted'));
  await expect(detail.getByTestId('quota')).toContainText(money(200));
  await expect(detail.getByTestId('quota')).toContainText(promoTitle);
  await detail.getByLabel(en('admin_hiring_decide_approved'), { exact: true }).check();
  await detail.getByRole('button', { name: en('admin_hiring_save_decision') }).click();
  await expect(detail.getByTestId('reward-amount')).toHaveText(money(200));
  await expect(detail.getByTestId('reward-badge').first()).toHaveText(en('reward_approved'));

  // Back on Insight (the menu is behind the referral's panel): what is owed counts the new reward at
  // once. It showed the figures of the first visit, kept fresh for 30 s, until the decision refetched them.
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await openFromMenu(page, 'nav_admin_insight', '/admin/insight');
  const approved = await owed();
  expect(approved.approved.amount).toBeGreaterThanOrEqual(before.approved.amount + 20_000);
  await expectOwed(page, approved);

  // 9. A payment for the recruiter, then marked paid with the bank reference.
  await page.goto('/admin/payments');
  await page.getByRole('button', { name: en('admin_payments_new') }).click();
  const newPayment = page.getByRole('dialog');
  const recruiterSelect = newPayment.getByLabel(en('admin_payments_recruiter'), { exact: true });
  const option = recruiterSelect.locator('option', { hasText: recruiterName });
  await recruiterSelect.selectOption((await option.getAttribute('value')) as string);
  await expect(newPayment.getByTestId('payment-sum')).toContainText(money(200));
  await newPayment.getByRole('button', { name: en('admin_payments_create') }).click();
  await toast(page, en('admin_payments_created'));
  const row = page.getByTestId('payment-row').filter({ hasText: recruiterName });
  await expect(row.getByTestId('payment-status')).toHaveText(en('admin_payments_status_pending'));
  await row.getByRole('button', { name: en('admin_payments_mark_paid') }).click();
  const markPaid = page.getByRole('dialog');
  await markPaid.getByLabel(en('admin_payments_reference')).fill(reference);
  await markPaid.getByRole('button', { name: en('admin_payments_mark_paid') }).click();
  await expect(row.getByTestId('payment-status')).toHaveText(en('admin_payments_status_paid'));
  await expect(row.getByTestId('payment-reference')).toHaveText(reference);
  await expect(row.getByTestId('payment-amount')).toHaveText(money(200));
  const paidMail = await mailMatch(recruiterEmail, new RegExp(`Reference: ${reference}`), 'the payment_paid e-mail');
  expect(paidMail[0]).toBe(`Reference: ${reference}`);
  await mailMatch(recruiterEmail, /we have paid \S+\s200\.00 into your bank account/, 'the payment_paid e-mail');

  // Insight after the payment (the page reloaded on the way, its saved cache restored): the reward is
  // no longer owed.
  await openFromMenu(page, 'nav_admin_insight', '/admin/insight');
  const paid = await owed();
  expect(paid.approved.amount).toBeLessThanOrEqual(approved.approved.amount - 20_000);
  await expectOwed(page, paid);

  // 10. The recruiter, in a browser of their own, sees the referral paid on their earning page.
  const recruiterContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const recruiterPage = await recruiterContext.newPage();
  await logIn(recruiterPage, recruiterEmail, newPassword);
  await expectPath(recruiterPage, '/dashboard');
  await recruiterPage.goto('/earning');
  const earned = recruiterPage.getByTestId('earning-referral').filter({ hasText: talentName });
  await expect(earned.getByTestId('reward-badge')).toHaveText(en('reward_paid'));
  await expect(earned).toContainText(money(200));
  await expect(earned.getByTestId('earning-referral-payment')).toContainText(reference);
  const payment = recruiterPage.getByTestId('earning-payment').first();
  await expect(payment).toContainText(money(200));
  await expect(payment).toContainText(reference);
  await expect(payment).toContainText(en('earning_payment_paid'));
  await recruiterContext.close();
});
