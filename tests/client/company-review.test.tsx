import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { overwriteGetLocale } from '#src/paraglide/runtime.js';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 45: the hiring company's review page (`/review?token=…`), against the real API in-process.
const server = inProcessApiForFile();
const DAY = 86_400_000;
let companies = 0;

beforeEach(() => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
});
afterEach(() => cleanup());

/** A task of Kopi Digital with two consented referrals, shared by an admin with Tan Mei Ling. */
async function sharedTask() {
  const adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Farah Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Siti Rahman' });
  const { accessToken } = await server.sessionOf(adminEmail);
  const recruiter = await server.db
    .selectFrom('users')
    .select(['id', 'created_at'])
    .where('email', '=', recruiterEmail)
    .executeTakeFirstOrThrow();
  const now = new Date(recruiter.created_at);
  const rows = { db: server.db, clock: { now: () => now } };
  // A company of its own per test: contacts are the company's, and one e-mail address is one contact.
  companies += 1;
  const company = companies === 1 ? 'Kopi Digital Sdn Bhd' : `Kopi Digital ${companies} Sdn Bhd`;
  const taskId = await insertTask(rows, { title: 'Sales Executive', company });
  const cv = (original_name: string, mime_type: string) =>
    server.db
      .insertInto('files')
      .values({
        owner_id: recruiter.id,
        purpose: 'RESUME',
        original_name,
        mime_type,
        size: 48_000,
        sha256: 'a'.repeat(64),
        storage_key: `test/${companies}-${original_name}`,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const aisyah = await insertTalent(rows, recruiter.id, {
    full_name: 'Nur Aisyah binti Hamzah',
    skills: '["Negotiation","CRM"]',
    languages: '["ms","en"]',
    expected_salary: 450_000,
    resume_file_id: (await cv('Aisyah_CV.pdf', 'application/pdf')).id,
  });
  const wei = await insertTalent(rows, recruiter.id, {
    full_name: 'Lim Wei Jie',
    resume_file_id: (await cv('Wei_CV.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))
      .id,
  });
  const first = await insertReferral(rows, aisyah, taskId, {
    consent_status: 'CONFIRMED',
    recruiter_note: 'Beats her targets.',
    rating: 10,
  });
  const second = await insertReferral(rows, wei, taskId, { consent_status: 'CONFIRMED' });

  const admin = (path: string, json: unknown) =>
    server.app.request(`/api/admin/companies${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
  const shares = (await (
    await server.app.request(`/api/admin/companies/tasks/${taskId}/shares`, {
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json()) as { data: { company: { id: number } } };
  const contact = (await (
    await admin(`/${shares.data.company.id}/contacts`, { name: 'Tan Mei Ling', email: 'mei@kopi.example' })
  ).json()) as { data: { id: number } };
  const made = await admin(`/tasks/${taskId}/shares`, { referralIds: [first, second], contactIds: [contact.data.id] });
  expect(made.status).toBe(201);
  const mail = await server.db
    .selectFrom('email_outbox')
    .select('payload')
    .where('template', '=', 'company_review')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = new URL(JSON.parse(mail.payload).link as string).searchParams.get('token') as string;
  return { token, first, second };
}

const hiringStatusOf = async (referralId: number) =>
  (
    await server.db
      .selectFrom('referrals')
      .select('hiring_status')
      .where('id', '=', referralId)
      .executeTakeFirstOrThrow()
  ).hiring_status;

const cardOf = async (name: string) => {
  const heading = await screen.findByRole('heading', { level: 3, name });
  return heading.closest('article') as HTMLElement;
};

describe('the company review page', () => {
  it('lists the shared candidates and records an answer, which moves the referral', async () => {
    const { token, first } = await sharedTask();
    renderAppAt(`/review?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Executive' })).toBeTruthy();
    expect(screen.getByText('For Kopi Digital Sdn Bhd')).toBeTruthy();
    expect(screen.getAllByTestId('review-candidate')).toHaveLength(2);

    const card = await cardOf('Nur Aisyah binti Hamzah');
    expect(within(card).getByText('Negotiation, CRM')).toBeTruthy();
    expect(within(card).getByText('Beats her targets.')).toBeTruthy();
    expect(within(card).getByText('Good')).toBeTruthy();
    expect(within(card).getByText('4 years')).toBeTruthy();
    // Languages by their names, never their codes ("ms, en").
    expect(within(card).getByText('Malay, English')).toBeTruthy();
    // The PDF opens in a new tab, in the browser's viewer; a Word file downloads.
    const pdf = within(card).getByRole('link', { name: 'Open the CV (48 kB)' });
    expect(pdf.getAttribute('href')).toBe(
      `/api/public/review/cv?token=${encodeURIComponent(token)}&referralId=${first}`,
    );
    expect(pdf.getAttribute('target')).toBe('_blank');
    const word = within(await cardOf('Lim Wei Jie')).getByRole('link', { name: 'Download the CV (Word, 48 kB)' });
    expect(word.getAttribute('download')).toBe('Wei_CV.docx');
    // Never the talent's e-mail or phone, nor the recruiter, unless the admin chose to show them.
    expect(within(card).queryByText(/@example\.com/)).toBeNull();
    expect(screen.queryByText('Siti Rahman')).toBeNull();

    fireEvent.click(within(card).getByLabelText('Invite to interview'));
    fireEvent.change(within(card).getByLabelText('Comment (optional)'), { target: { value: 'Tuesday at 10?' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    const given = await within(card).findByTestId('review-given-answer');
    expect(within(given).getByText('Invite to interview')).toBeTruthy();
    expect(within(given).getByText('Comment: Tuesday at 10?')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Send my answer' })).toBeNull();
    expect(await hiringStatusOf(first)).toBe('INTERVIEW');
  });

  it('requires a reason for Not a fit, and records it', async () => {
    const { token, second } = await sharedTask();
    renderAppAt(`/review?token=${token}`);
    const card = await cardOf('Lim Wei Jie');
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(await within(card).findByText('Choose one of the three answers.')).toBeTruthy();

    fireEvent.click(within(card).getByLabelText('Not a fit'));
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(await within(card).findByText('Please say why this candidate is not a fit.')).toBeTruthy();
    expect(await hiringStatusOf(second)).toBe('SUBMITTED');

    fireEvent.change(within(card).getByLabelText('Why is this candidate not a fit?'), {
      target: { value: 'We need someone with B2B sales.' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Send my answer' }));
    expect(await within(card).findByText('Reason: We need someone with B2B sales.')).toBeTruthy();
    expect(await hiringStatusOf(second)).toBe('REJECTED');
  });

  it('shows a withdrawn candidate as no longer available', async () => {
    const { token, second } = await sharedTask();
    await server.db.updateTable('referrals').set({ consent_status: 'DECLINED' }).where('id', '=', second).execute();
    renderAppAt(`/review?token=${token}`);
    expect(await screen.findByText('This candidate is no longer available.')).toBeTruthy();
    expect(screen.getAllByTestId('review-candidate')).toHaveLength(1);
    expect(screen.queryByText('Lim Wei Jie')).toBeNull();
  });

  it('says an expired link has expired, and shows nothing of the job', async () => {
    const { token } = await sharedTask();
    server.advance(15 * DAY);
    renderAppAt(`/review?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'This review link has expired' })).toBeTruthy();
    expect(screen.queryByText('Sales Executive')).toBeNull();
    expect(screen.queryByTestId('review-candidate')).toBeNull();
  });

  it("says a link that is not one is not valid, in the page's language", async () => {
    overwriteGetLocale(() => 'ms');
    try {
      renderAppAt(`/review?token=${'x'.repeat(40)}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Pautan semakan ini tidak sah' })).toBeTruthy();
    } finally {
      overwriteGetLocale(() => 'en');
    }
  });

  it("wears the link pages' frame: the way home and the three languages, the token kept; no Log in, no menu", async () => {
    const { token } = await sharedTask();
    renderAppAt(`/review?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Executive' })).toBeTruthy();
    // The page's header (each candidate's card has a <header> of its own).
    const header = document.querySelector('header:not(article header)') as HTMLElement;
    const offers = [...header.querySelectorAll('a, button, select, input, summary')].map((el) => [
      el.getAttribute('aria-label') ?? el.textContent?.trim(),
      el.getAttribute('href'),
    ]);
    const query = `?token=${token}`;
    expect(offers).toEqual([
      ['Home', '/'],
      ['English', `/review${query}`],
      ['Bahasa Melayu', `/ms/review${query}`],
      ['中文', `/zh/review${query}`],
    ]);
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('is Page Not Found without a token', async () => {
    renderAppAt('/review');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
  });
});
