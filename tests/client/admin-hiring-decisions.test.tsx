import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { HiringReason } from '#src/features/talents/components/hiring-reason.tsx';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatDateTime } from '#src/lib/format.ts';
import { readEnv } from '#src/server/env.ts';
import { issueOneTimeToken } from '#src/server/security/one-time-tokens.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { insertCallProof } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 21 on the admin's screens, against the real API in-process: a final hiring move asks for the
// reason the recruiter reads, "Approve selected" shows what it adds up to first, and the referral's
// detail carries the talent's facts and CV to decide with.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const db = () => server.db;
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });

let adminEmail: string;
let referrals: { offered: number; tan: number; lim: number };
let storage: ReturnType<typeof createStorage>;

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const aina = (
    await db().selectFrom('users').select('id').where('email', '=', recruiterEmail).executeTakeFirstOrThrow()
  ).id;
  // The CV, stored where the in-process API reads files.
  storage = createStorage(
    readEnv({ APP_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/recruiter-test', MAIL_WORKER: 'false' }),
  );
  const key = `resume/hiring-decisions-${process.pid}-${NOW}.pdf`;
  const bytes = new TextEncoder().encode('%PDF-1.4 Farah Hassan CV');
  await storage.put(key, bytes, 'application/pdf');
  const file = await db()
    .insertInto('files')
    .values({
      owner_id: aina,
      purpose: 'RESUME',
      original_name: 'Farah Hassan CV.pdf',
      mime_type: 'application/pdf',
      size: bytes.byteLength,
      sha256: 'x',
      storage_key: key,
      created_at: new Date(NOW).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await insertTask(rows(), { title: 'Line Cook', reward_amount: 15_000, quota: 5 });
  const farah = await insertTalent(rows(), aina, {
    full_name: 'Farah Hassan',
    resume_file_id: file.id,
    skills: '["Knife skills","Food safety"]',
    education_level: 'Diploma',
    years_of_experience: 1,
  });
  referrals = {
    offered: await insertReferral(rows(), farah, task, {
      hiring_status: 'OFFERED',
      recruiter_note: 'Ran a hawker stall for a year.',
      rating: 10,
    }),
    tan: await insertReferral(rows(), await insertTalent(rows(), aina, { full_name: 'Tan Wei' }), task, {
      consent_status: 'CONFIRMED',
    }),
    lim: await insertReferral(rows(), await insertTalent(rows(), aina, { full_name: 'Lim Hui' }), task, {
      consent_status: 'CONFIRMED',
    }),
  };
  await insertCallProof(rows(), referrals.lim);
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

describe('the admin’s referral detail', () => {
  it('shows the talent’s facts, the recruiter’s note and the CV in place', async () => {
    renderAppAt(`/admin/hiring-status?referral=${referrals.offered}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Farah Hassan' }));
    expect(await dialog.findByTitle('CV of Farah Hassan')).toBeTruthy();
    expect((dialog.getByTitle('CV of Farah Hassan') as HTMLIFrameElement).src).toMatch(/^blob:/);
    expect(dialog.getByRole('button', { name: 'Download Farah Hassan CV.pdf' })).toBeTruthy();
    expect(dialog.getByText('Knife skills')).toBeTruthy();
    expect(dialog.getByText('Diploma')).toBeTruthy();
    expect(dialog.getByText('1 year')).toBeTruthy();
    expect(dialog.getByText('Good')).toBeTruthy();
    expect(dialog.getByTestId('recruiter-note').textContent).toBe('Ran a hawker stall for a year.');
    // The view was recorded by the files API.
    const reads = await db().selectFrom('file_reads').select(['disposition']).execute();
    expect(reads.map((r) => r.disposition)).toContain('inline');
  });

  // Issue 42.13: Approve was preselected while the only call proof still needed review.
  it('preselects Approve only when no call proof waits for review, and says when one does', async () => {
    renderAppAt(`/admin/hiring-status?referral=${referrals.lim}`);
    let dialog = within(await screen.findByRole('dialog', { name: 'Lim Hui' }));
    const approve = (await dialog.findByRole('radio', { name: 'Approve' })) as HTMLInputElement;
    expect(approve.checked).toBe(false);
    expect(dialog.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    expect(dialog.getByTestId('proofs-waiting').textContent).toBe(
      'A call proof is still waiting for review: review it before approving.',
    );
    cleanup();

    renderAppAt(`/admin/hiring-status?referral=${referrals.tan}`);
    dialog = within(await screen.findByRole('dialog', { name: 'Tan Wei' }));
    expect(((await dialog.findByRole('radio', { name: 'Approve' })) as HTMLInputElement).checked).toBe(true);
    expect(dialog.queryByTestId('proofs-waiting')).toBeNull();
  });

  it('asks before a final move, requires the reason, then shows it and e-mails the recruiter once', async () => {
    renderAppAt(`/admin/hiring-status?referral=${referrals.offered}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Farah Hassan' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Move to Rejected' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Move Farah Hassan to Rejected?' }));
    expect(confirm.getByText(/The recruiter sees your reason/)).toBeTruthy();
    expect(dialog.getByTestId('hiring-badge').textContent).toBe('Offered');
    fireEvent.click(confirm.getByRole('button', { name: 'Move to Rejected' }));
    expect(await confirm.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(confirm.getByLabelText('Reason (the recruiter sees it)'), {
      target: { value: 'The client hired an internal candidate.' },
    });
    fireEvent.click(confirm.getByRole('button', { name: 'Move to Rejected' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(dialog.getByTestId('hiring-badge').textContent).toBe('Rejected'));
    expect(dialog.getByTestId('hiring-reason').textContent).toBe('Reason: The client hired an internal candidate.');
    const mails = await db()
      .selectFrom('email_outbox')
      .select(['template'])
      .where('template', '=', 'hiring_changed')
      .execute();
    expect(mails).toHaveLength(1);
  });
});

describe('approving a selection', () => {
  it('shows the count, the rewards per currency and the proofs still to review before approving', async () => {
    renderAppAt('/admin/hiring-status');
    const table = within(await screen.findByRole('table', { name: 'Referrals' }));
    await waitFor(() => table.getByRole('checkbox', { name: 'Select Tan Wei' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Tan Wei' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Lim Hui' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Approve 2 referrals?' }));
    expect((await confirm.findByText(/^Rewards to pay:/)).textContent).toMatch(/^Rewards to pay: (RM|MYR)\s?300\.00$/);
    expect(confirm.getByText('1 has a call proof still waiting for review.')).toBeTruthy();
    // Nothing is decided until the admin confirms.
    const undecided = await db()
      .selectFrom('referrals')
      .select('reward_status')
      .where('id', '=', referrals.tan)
      .executeTakeFirstOrThrow();
    expect(undecided.reward_status).toBeNull();
    fireEvent.click(confirm.getByRole('button', { name: 'Approve 2' }));
    const results = await screen.findAllByTestId('bulk-result');
    expect(results.map((row) => row.textContent?.replace(/\s/g, ''))).toEqual([
      expect.stringMatching(/^TanWeiApproved/),
      expect.stringMatching(/^LimHuiApproved/),
    ]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

// Issue 42.6: a withdrawal read "Consent confirmed → Consent declined", as a refusal would.
describe('a referral whose consent the talent withdrew', () => {
  it('reads as withdrawn in the list, the detail and its history, with the open request and erase-by date', async () => {
    const recruiter = await db()
      .selectFrom('users')
      .select('id')
      .where('full_name', '=', 'Aina Rahman')
      .executeTakeFirstOrThrow();
    const task = await insertTask(rows(), { title: 'Barista' });
    const talent = await insertTalent(rows(), recruiter.id, { full_name: 'Siti Aminah' });
    const id = await insertReferral(rows(), talent, task);
    const token = await issueOneTimeToken(db(), { kind: 'CONSENT', referralId: id, ttlSeconds: 3600, now: new Date() });
    const call = (path: string, body: unknown) =>
      server.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await call('/api/public/consent', { token, decision: 'CONFIRMED', locale: 'en' })).status).toBe(200);
    expect((await call('/api/public/consent/withdraw', { token, locale: 'en' })).status).toBe(200);
    const request = await db()
      .selectFrom('data_requests')
      .select('due_at')
      .where('referral_id', '=', id)
      .executeTakeFirstOrThrow();

    renderAppAt('/admin/hiring-status');
    const table = within(await screen.findByRole('table', { name: 'Referrals' }));
    const row = (await table.findByRole('checkbox', { name: 'Select Siti Aminah' })).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('consent-badge').textContent).toBe('Consent withdrawn');
    expect(within(row).getByTestId('reward-badge').textContent).toBe('Closed');
    // The application ended with the consent (issue 42.5).
    expect(within(row).getByTestId('hiring-badge').textContent).toBe('Withdrawn');
    cleanup();

    renderAppAt(`/admin/hiring-status?referral=${id}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Siti Aminah' }));
    const note = await dialog.findByTestId('withdrawal');
    expect(note.textContent).toContain('Siti Aminah withdrew their consent on ');
    expect(note.textContent).toContain(
      `Their withdrawal request is open: their data is erased by ${formatDateTime(request.due_at)}.`,
    );
    expect(within(note).getByRole('link', { name: 'See the person in Data Protection' }).getAttribute('href')).toBe(
      `/admin/data-protection?person=${talent.id}`,
    );
    expect(dialog.getByTestId('consent-badge').textContent).toBe('Consent withdrawn');
    const history = dialog.getAllByTestId('history-entry').map((entry) => entry.querySelector('p')?.textContent);
    expect(history).toContain('Consent changed: Consent confirmed → Consent withdrawn');
    expect(history.join()).not.toMatch(/→ Consent declined/);
    // The reward is closed: no decision is offered, and one line says why (issue 42.14).
    expect(dialog.getByTestId('reward-closed').textContent).toBe(
      'The talent withdrew their consent, so this reward is closed: no decision can be made on it.',
    );
    expect(dialog.queryAllByRole('radio')).toEqual([]);
    expect(dialog.queryByRole('button', { name: 'Save decision' })).toBeNull();
    expect(dialog.getByTestId('quota').textContent).not.toMatch(/Approval pays/);
  });
});

// Issue 42.19: the admin viewing a call proof in place was recorded as "Downloaded a file".
describe('a call proof viewed in place', () => {
  it('is recorded as a view, not a download', async () => {
    const recruiter = await db()
      .selectFrom('users')
      .select('id')
      .where('full_name', '=', 'Aina Rahman')
      .executeTakeFirstOrThrow();
    const task = await insertTask(rows(), { title: 'Waiter' });
    const id = await insertReferral(rows(), await insertTalent(rows(), recruiter.id, { full_name: 'Ong Mei' }), task);
    const proofId = await insertCallProof(rows(), id);
    const proof = await db()
      .selectFrom('call_proofs')
      .innerJoin('files', 'files.id', 'call_proofs.file_id')
      .select(['files.id', 'files.storage_key'])
      .where('call_proofs.id', '=', proofId)
      .executeTakeFirstOrThrow();
    await storage.put(proof.storage_key, new Uint8Array([137, 80, 78, 71]), 'image/png');

    renderAppAt(`/admin/hiring-status?referral=${id}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Ong Mei' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'View' }));
    await waitFor(async () => {
      const lines = await db()
        .selectFrom('access_log')
        .select('action')
        .where('subject_kind', '=', 'FILE')
        .where('subject_id', '=', proof.id)
        .execute();
      expect(lines.map((line) => line.action)).toEqual(['FILE_VIEW']);
    });
  });
});

describe('the recruiter’s hiring reason', () => {
  it('shows the admin’s reason, and nothing without one', () => {
    const { container, rerender } = render(<HiringReason reason="Signed the offer." />);
    expect(screen.getByTestId('hiring-reason').textContent).toBe("Admin's reason: Signed the offer.");
    rerender(<HiringReason reason={null} />);
    expect(container.textContent).toBe('');
  });
});
