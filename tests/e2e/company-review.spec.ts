import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN_EMAIL, DEMO_PASSWORD, e2eDataDir, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, freshTalentLinkLimit, logIn, message } from './helpers';
import { linkInMail } from './mail-links';
import { referTalent } from './refer-talent';

// Issue 45, end to end: an admin at 1280 px shares two consented referrals of a task with the hiring
// company's contact; the contact opens the e-mail's review link on a 390 px phone in Malay, reads a CV,
// invites one candidate to interview and turns the other down with a reason; the recruiter's bell and
// the referral show the company's moves; the talent's data page lists the share. Each context sets its
// own viewport, so the spec runs in the desktop project only (playwright.config.ts).

const en = (key: string) => message('en', key);
const ms = (key: string) => message('ms', key);
/** A message with its placeholders filled. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

function taskOf(taskId: number): { code: string; company: string } {
  const db = new Database(path.join(e2eDataDir(), 'app.db'), { readonly: true });
  try {
    return db.prepare('select code, company from tasks where id = ?').get(taskId) as { code: string; company: string };
  } finally {
    db.close();
  }
}

/** The talent agrees through their consent e-mail's link, as they would on their phone. */
async function consent(page: Page, email: string) {
  const link = new URL(await linkInMail(email, '/talent/consent'));
  const answer = await page.request.post('/api/public/consent', {
    data: { token: link.searchParams.get('token'), decision: 'CONFIRMED', locale: 'en' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('an admin shares two candidates, the company answers on a phone in Malay, and everyone sees it', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  freshTalentLinkLimit();
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`company-review-${name}.png`), fullPage: true });

  // Two new talents of the demo recruiter on one task, both with confirmed consent.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Kuala_Lumpur' });
  const adminPage = await admin.newPage();
  const stamp = Date.now() % 100_000;
  const first = await referTalent(adminPage, 'en', `Nur Aisyah ${stamp}`);
  const second = await referTalent(adminPage, 'en', `Lim Wei Jie ${stamp}`);
  expect(second.taskId).toBe(first.taskId);
  await consent(adminPage, first.email);
  await consent(adminPage, second.email);
  const task = taskOf(first.taskId);

  // The admin: Admin › Tasks, the task's Share, a new contact who reads Malay, both referrals ticked.
  await logIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(adminPage, '/dashboard');
  await adminPage.goto(`/admin/tasks?search=${encodeURIComponent(task.code)}`);
  const row = adminPage.getByTestId('admin-task-row').filter({ hasText: first.taskTitle }).first();
  await row.getByRole('button', { name: fill(en('admin_share_button_named'), { title: first.taskTitle }) }).click();
  const dialog = adminPage.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  const contactEmail = `hr.${stamp}@company.example`;
  // A company without contacts shows the new contact's form at once; one with contacts behind a button.
  // Neither is there while the dialog still loads the company, so wait for one before choosing.
  const nameField = dialog.getByLabel(en('admin_share_contact_name'), { exact: true });
  const addContact = dialog.getByRole('button', { name: en('admin_share_add_contact') });
  await expect(nameField.or(addContact)).toBeVisible();
  if (!(await nameField.isVisible())) await addContact.click();
  await nameField.fill('Tan Mei Ling');
  await dialog.getByRole('textbox', { name: en('admin_share_contact_email'), exact: true }).fill(contactEmail);
  await dialog.getByLabel(en('admin_share_contact_language')).selectOption('ms');
  await dialog.getByRole('button', { name: 'Add this contact' }).click();
  await expect(dialog.getByRole('checkbox', { name: `Tan Mei Ling <${contactEmail}>` })).toBeChecked();
  await dialog.getByRole('checkbox', { name: new RegExp(first.name) }).check();
  await dialog.getByRole('checkbox', { name: new RegExp(second.name) }).check();
  await shot(adminPage, '1-admin-share-dialog');
  await dialog.getByRole('button', { name: 'Share and e-mail the links' }).click();
  const link = dialog.getByTestId('task-share').filter({ hasText: 'Tan Mei Ling' });
  await expect(link).toContainText(en('admin_share_not_opened'));
  await expect(link).toContainText(first.name);
  await expect(link).toContainText(second.name);
  await shot(adminPage, '2-admin-shared');

  // The contact, on a phone, in Malay: the e-mail's link opens the review page.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ms-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const contact = await phone.newPage();
  const reviewLink = await linkInMail(contactEmail, '/review');
  expect(new URL(reviewLink).pathname).toBe('/ms/review');
  await contact.goto(reviewLink);
  await expect(contact.getByRole('heading', { level: 1, name: first.taskTitle })).toBeVisible();
  await expect(contact.getByText(fill(ms('review_intro'), { name: 'Tan Mei Ling' }))).toBeVisible();
  // Never the talent's e-mail or phone, nor the recruiter's name: the admin revealed nothing more.
  await expect(contact.locator('body')).not.toContainText(first.email);
  await expect(contact.locator('body')).not.toContainText('Ahmad Faizal');
  const card = (name: string) => contact.getByRole('article').filter({ hasText: name });
  await expect(card(first.name)).toBeVisible();
  await expect(card(second.name)).toBeVisible();
  await shot(contact, '3-contact-review-ms');

  // Reads the first candidate's CV (a PDF: it opens in the browser).
  const cvLink = card(first.name).getByRole('link', { name: /^Buka CV/ });
  const cvHref = await cvLink.getAttribute('href');
  const cv = await contact.request.get(new URL(cvHref as string, contact.url()).href);
  expect(cv.status()).toBe(200);
  expect(cv.headers()['content-type']).toContain('application/pdf');
  expect(cv.headers()['content-disposition']).toContain('inline');

  // Invites the first to interview, with a comment.
  await card(first.name).getByLabel(ms('company_answer_interview')).check();
  await card(first.name).getByLabel(ms('review_comment_label')).fill('Selasa jam 10 pagi?');
  await card(first.name)
    .getByRole('button', { name: ms('review_submit') })
    .click();
  const given = card(first.name).getByTestId('review-given-answer');
  await expect(given).toContainText(ms('company_answer_interview'));
  await expect(given).toContainText(fill(ms('review_answer_comment'), { comment: 'Selasa jam 10 pagi?' }));

  // Turns the second down: a reason is required, and said.
  await card(second.name).getByLabel(ms('company_answer_not_a_fit')).check();
  await card(second.name)
    .getByRole('button', { name: ms('review_submit') })
    .click();
  await expect(card(second.name).getByText(ms('review_reason_required'))).toBeVisible();
  await card(second.name).getByLabel(ms('review_reason_label')).fill('Kami perlukan pengalaman jualan B2B.');
  await card(second.name)
    .getByRole('button', { name: ms('review_submit') })
    .click();
  await expect(card(second.name).getByTestId('review-given-answer')).toContainText(
    fill(ms('review_answer_reason'), { reason: 'Kami perlukan pengalaman jualan B2B.' }),
  );
  await shot(contact, '4-contact-answered-ms');
  await phone.close();

  // The admin's dialog, reopened, says the link was opened and answered.
  await adminPage.reload();
  await adminPage
    .getByTestId('admin-task-row')
    .filter({ hasText: first.taskTitle })
    .first()
    .getByRole('button', { name: fill(en('admin_share_button_named'), { title: first.taskTitle }) })
    .click();
  const reopened = adminPage.getByTestId('share-dialog').getByTestId('task-share').filter({ hasText: 'Tan Mei Ling' });
  await expect(reopened).not.toContainText(en('admin_share_not_opened'));
  await expect(reopened).toContainText(en('company_answer_interview'));
  await expect(reopened).toContainText(en('company_answer_not_a_fit'));
  await shot(adminPage, '5-admin-answers');
  await admin.close();

  // The recruiter, on a phone: the bell has the company's moves; the referral says Interview.
  const recruiterContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const recruiter = await recruiterContext.newPage();
  await logIn(recruiter, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(recruiter, '/dashboard');
  await recruiter.goto('/notifications');
  const interview = recruiter
    .getByRole('link')
    .filter({ hasText: first.name })
    .filter({
      hasText: fill(en('notification_hiring_changed_title'), { status: en('hiring_interview') }),
    });
  await expect(interview.first()).toBeVisible();
  await expect(
    recruiter
      .getByRole('link')
      .filter({ hasText: second.name })
      .filter({ hasText: fill(en('notification_hiring_changed_title'), { status: en('hiring_rejected') }) })
      .first(),
  ).toBeVisible();
  await shot(recruiter, '6-recruiter-bell');
  // The item opens the talent's Hiring Status: the referral stands at Interview.
  await interview.first().click();
  await expect(recruiter.getByRole('heading', { level: 1, name: en('title_hiring_status') })).toBeVisible();
  await expect(recruiter.locator('main')).toContainText(first.name);
  await expect(recruiter.getByRole('listitem').filter({ hasText: en('hiring_interview') })).toContainText(
    en('talent_hiring_current'),
  );
  await shot(recruiter, '7-recruiter-hiring');
  // The referral's history says the hiring company moved it (the contact's name stays with the admins).
  await recruiter.getByRole('link', { name: first.taskTitle }).click();
  const moved = recruiter.getByRole('listitem').filter({ hasText: /Screening → Interview/ });
  await expect(moved).toContainText(en('referral_actor_company'));
  await shot(recruiter, '8-recruiter-referral');
  await recruiterContext.close();

  // The talent's data page (their e-mail's "Manage my data" link) lists the sharing with the company.
  const talentContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const talent = await talentContext.newPage();
  await talent.goto(await linkInMail(first.email, '/talent/data'));
  await expect(talent.getByRole('heading', { level: 1, name: en('talent_data_heading') })).toBeVisible();
  // Its own section names the company, when it was shared and that the company looked.
  const shares = talent.getByRole('region', { name: en('talent_data_shares_heading') });
  await expect(shares).toContainText(task.company);
  await expect(shares).toContainText(en('talent_data_share_shared'));
  await expect(shares).toContainText(en('talent_data_share_viewed'));
  await expect(shares).not.toContainText(en('talent_data_share_not_viewed'));
  await shot(talent, '9-talent-data');
  await talentContext.close();
});
