import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN_EMAIL, DEMO_PASSWORD, E2E_BASE_URL, e2eDataDir } from './e2e-env';
import { expectPath, type Locale, logIn, message } from './helpers';

// Issue 22 finding 7: an invitation's temporary password expires. The admin (1280 px, Chinese) sees until
// when, sends a new invitation, and sees it expired; the invited recruiter (390 px, Malay) who tries an
// expired one is told so, and logs in with the new one. It runs in the desktop project only (playwright.config.ts).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const text = (locale: Locale, key: string, values: Record<string, string> = {}) =>
  message(locale, key).replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
const TEMPORARY = /[A-Za-z2-9]{5}-[A-Za-z2-9]{5}-[A-Za-z2-9]{5}/g;

/** The temporary passwords e-mailed to `email`, oldest first (the mail worker writes .eml files here). */
function temporaryPasswords(email: string): string[] {
  const dir = path.join(e2eDataDir(), 'mail');
  if (!existsSync(dir)) return []; // no e-mail written yet
  const files = readdirSync(dir).sort();
  return files
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .filter((mail) => mail.includes(`To: ${email}`))
    .flatMap((mail) => mail.split('Content-Type: text/html')[0]?.match(TEMPORARY) ?? []);
}

async function page(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport, timezoneId: 'Asia/Kuala_Lumpur' });
  return context.newPage();
}

test('an invitation expires, says so, and a new one lets the recruiter in', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const email = `invited.${Date.now()}@example.com`;
  const name = 'Nur Izzati binti Hassan';
  const login = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const added = await request.post('/api/admin/recruiters', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { fullName: name, email, locale: 'ms' },
  });
  expect(added.status()).toBe(201);
  const { id } = ((await added.json()) as { data: { id: number } }).data;
  await expect.poll(() => temporaryPasswords(email).length).toBe(1);

  // The admin, in Chinese: not logged in yet, and until when the password works.
  const admin = await page(browser, DESKTOP);
  await logIn(admin, ADMIN_EMAIL, DEMO_PASSWORD);
  // Signed in once the login page is left (under load the click's answer may take a moment).
  await admin.waitForURL((url) => !url.pathname.endsWith('/login'));
  await admin.goto(`/zh/admin/manage-task/recruiter-${id}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(admin.getByTestId('recruiter-invitation')).toHaveText(text('zh', 'admin_recruiters_invited'));
  const until = text('zh', 'admin_recruiters_invitation_until', { when: 'X' }).split('X')[0] ?? '';
  await expect(admin.getByTestId('recruiter-invitation-expiry')).toContainText(until);

  // Seven days later (the database's clock is moved, not the server's): expired.
  const db = new Database(path.join(e2eDataDir(), 'app.db'));
  try {
    db.prepare('update users set temporary_password_expires_at = ? where id = ?').run('2026-01-01T02:00:00.000Z', id);
  } finally {
    db.close();
  }
  await admin.reload();
  await expect(admin.getByTestId('recruiter-invitation')).toHaveText(text('zh', 'admin_recruiters_invitation_expired'));
  await expect(admin.getByTestId('recruiter-invitation-expiry')).toHaveText(
    text('zh', 'admin_recruiters_invitation_expired_at', { when: '2026年1月1日 10:00' }),
  );

  // The recruiter, on a phone in Malay, tries the e-mailed password: told it expired and what to do.
  const phone = await page(browser, PHONE);
  const [first = ''] = temporaryPasswords(email);
  await phone.goto('/ms/login');
  await phone.locator('input[type=email]').fill(email);
  await phone.locator('input[type=password]').fill(first);
  await phone.locator('form button[type=submit]').click();
  await expect(phone.getByRole('alert')).toHaveText(text('ms', 'error_temporary_password_expired'));
  await expectPath(phone, '/ms/login');

  // The admin sends a new invitation: confirm, toast, and a new week.
  await admin.getByRole('button', { name: text('zh', 'admin_recruiters_invitation_resend_named', { name }) }).click();
  const dialog = admin.getByRole('alertdialog');
  await expect(dialog).toContainText(text('zh', 'admin_recruiters_invitation_resend_text', { email }));
  await dialog.getByRole('button', { name: text('zh', 'admin_recruiters_invitation_resend') }).click();
  await expect(
    admin.getByTestId('toast').filter({ hasText: text('zh', 'admin_recruiters_invitation_sent_toast', { email }) }),
  ).toBeVisible();
  await expect(admin.getByTestId('recruiter-invitation')).toHaveText(text('zh', 'admin_recruiters_invited'));
  await expect(admin.getByTestId('recruiter-invitation-expiry')).toContainText(until);
  await expect.poll(() => temporaryPasswords(email).length).toBe(2);

  // The old password no longer works; the new one leads to choosing her own.
  await phone.locator('input[type=password]').fill(first);
  await phone.locator('form button[type=submit]').click();
  await expect(phone.getByRole('alert')).toHaveText(text('ms', 'error_invalid_credentials'));
  await phone.locator('input[type=password]').fill(temporaryPasswords(email)[1] ?? '');
  await phone.locator('form button[type=submit]').click();
  await expect(phone).toHaveURL(/\/ms\/update-password\?token=/);
});
