import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { extractText } from 'unpdf';
import { ADMIN_EMAIL, DEMO_PASSWORD, E2E_PAYER, e2eDataDir, RECRUITER_EMAIL } from './e2e-env';
import { expectPath, logIn, message } from './helpers';

// Issue 46, end to end: the demo recruiter was paid RM 6,200.00 last year (Malaysia time). An admin at
// 1280 px issues the year's Form CP58s and downloads the recruiter's, whose PDF holds every part of the
// form; the recruiter, on a 390 px phone in Malay, downloads their yearly statement of that year. Each
// context sets its own viewport, so the spec runs in the desktop project only (playwright.config.ts).

const en = (key: string) => message('en', key);
const ms = (key: string) => message('ms', key);
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));

/** Last year in Kuala Lumpur: the year the Paperwork screen opens on. */
const lastYear = Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Kuala_Lumpur' }).format()) - 1;

/** A paid payment of RM 6,200.00 to the demo recruiter in the middle of last year, as the books hold it. */
function paidLastYear(reference: string) {
  const db = new Database(path.join(e2eDataDir(), 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const id = (email: string) => (db.prepare('select id from users where email = ?').get(email) as { id: number }).id;
    const at = `${lastYear}-06-15T04:00:00.000Z`;
    db.prepare(
      `insert into payments (recruiter_id, amount, currency, status, reference, paid_at, created_by, created_at,
       updated_at, net_amount) values (?, 620000, 'MYR', 'PAID', ?, ?, ?, ?, ?, 620000)`,
    ).run(id(RECRUITER_EMAIL), reference, at, id(ADMIN_EMAIL), at, at);
  } finally {
    db.close();
  }
}

async function pdfTextOf(page: Page, click: () => Promise<void>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test("an admin issues last year's Form CP58 and downloads it; the recruiter downloads their statement in Malay", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const reference = `BANK-${lastYear}-E2E`;
  paidLastYear(reference);

  // The admin, at 1280 px: Admin › Paperwork opens on last year; the recruiter is listed, ready.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'Asia/Kuala_Lumpur' });
  const adminPage = await admin.newPage();
  await logIn(adminPage, ADMIN_EMAIL, DEMO_PASSWORD);
  await expectPath(adminPage, '/dashboard');
  await adminPage.goto('/admin/paperwork');
  await expect(adminPage.getByRole('heading', { level: 1, name: en('title_paperwork') })).toBeVisible();
  const list = adminPage.getByRole('table', { name: en('admin_cp58_list_label') });
  const row = list.getByRole('row').filter({ hasText: 'Ahmad Faizal bin Ismail' });
  await expect(row).toContainText('6,200.00');
  await expect(row).toContainText(en('admin_cp58_status_not_issued'));
  await adminPage.screenshot({ path: testInfo.outputPath('paperwork-1-admin-list.png'), fullPage: true });

  // Issue every ready form: one confirmation, then the row has its version 1. Ready: this recruiter and the
  // demo's two paperwork recruiters (paid over RM5,000 and over RM100,000 last year, details complete).
  const ready = fill(en('admin_cp58_issue_all'), { count: 3 });
  await adminPage.getByRole('button', { name: ready }).click();
  const confirm = adminPage.getByRole('alertdialog', {
    name: fill(en('admin_cp58_issue_all_title'), { year: lastYear }),
  });
  await confirm.getByRole('button', { name: en('admin_cp58_issue_confirm') }).click();
  const version = row.getByRole('button', { name: fill(en('admin_cp58_download_version'), { version: 1 }) });
  await expect(version).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath('paperwork-2-admin-issued.png'), fullPage: true });

  // Its PDF holds every part: the year, the payer, the payee as on the identity card, the incentives.
  const form = await pdfTextOf(adminPage, () => version.click());
  for (const part of [
    message('en', 'cp58_pdf_part_a'),
    message('en', 'cp58_pdf_part_b'),
    fill(message('en', 'cp58_pdf_part_c'), { year: lastYear }),
  ]) {
    expect(form).toContain(part);
  }
  expect(form).toContain(E2E_PAYER.name);
  expect(form).toContain('AHMAD FAIZAL BIN ISMAIL');
  expect(form).toContain('900615-14-5071');
  expect(form).toContain('6,200.00');
  await admin.close();

  // The recruiter, on a phone, in Malay: the statement of last year, and its PDF.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Asia/Kuala_Lumpur',
  });
  const recruiter = await phone.newPage();
  await logIn(recruiter, RECRUITER_EMAIL, DEMO_PASSWORD);
  await expectPath(recruiter, '/dashboard');
  await recruiter.goto('/ms/earning');
  const statement = recruiter.getByRole('region', { name: ms('statement_heading') });
  await statement.getByLabel(ms('statement_year_label'), { exact: true }).selectOption(String(lastYear));
  await expect(statement.getByTestId('statement-payment').filter({ hasText: reference })).toBeVisible();
  await expect(statement.getByTestId('statement-total')).toContainText('6,200.00');
  await statement.scrollIntoViewIfNeeded();
  await recruiter.screenshot({ path: testInfo.outputPath('paperwork-3-statement-ms.png') });
  const pdf = await pdfTextOf(recruiter, () =>
    statement.getByRole('button', { name: ms('statement_download_pdf') }).click(),
  );
  expect(pdf).toContain(String(lastYear));
  expect(pdf).toContain(reference);
  expect(pdf).toContain('6,200.00');
  await phone.close();
});
