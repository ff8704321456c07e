import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertCallProof } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Hiring status and Admin › Payments against the real API in-process: an admin decides a
// recruiter's referrals (one from its detail, a call proof, two at once), then pays the approved one.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const db = () => server.db;
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });

const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let adminEmail: string;
let ainaId: number;
let referrals: { siti: number; ravi: number; mei: number; arun: number };

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const ainaEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const aina = await userId(ainaEmail);
  ainaId = aina;
  await server.setPayout(aina, { bankName: 'Maybank', accountName: 'Aina Rahman', accountNumber: '114455667788' });
  const planner = await insertTask(rows(), { title: 'Route Planner', reward_amount: 15_000, quota: 3 });
  const refer = async (name: string, consent: 'CONFIRMED' | 'PENDING') =>
    insertReferral(rows(), await insertTalent(rows(), aina, { full_name: name }), planner, {
      consent_status: consent,
    });
  referrals = {
    siti: await refer('Siti Aminah', 'CONFIRMED'),
    ravi: await refer('Ravi Chandran', 'PENDING'),
    mei: await refer('Mei Ling', 'CONFIRMED'),
    arun: await refer('Arun Kumar', 'CONFIRMED'),
  };
  await insertCallProof(rows(), referrals.ravi);
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

const referralTable = async () => within(await screen.findByRole('table', { name: 'Referrals' }));
const rowOf = (table: ReturnType<typeof within>, name: string) => {
  const row = table.getByRole('button', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};
const rewardOf = async (name: string) => (await referralRow(name)).getByTestId('reward-badge').textContent;
const referralRow = async (name: string) => {
  const table = await referralTable();
  await waitFor(() => table.getByRole('button', { name }));
  return rowOf(table, name);
};

describe('the hiring status screen', () => {
  it('lists every referral with its consent, calls and reward in review', async () => {
    renderAppAt('/admin/hiring-status');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hiring Status' })).toBeTruthy();
    const table = await referralTable();
    expect(table.getAllByTestId('referral-row')).toHaveLength(4);
    const ravi = rowOf(table, 'Ravi Chandran');
    expect(ravi.getByTestId('consent-badge').textContent).toBe('Consent pending');
    expect(ravi.getByTestId('call-proof-badge').textContent).toBe('Needs review');
    expect(ravi.getByTestId('reward-badge').textContent).toBe('In review');
    expect(ravi.getByText('Aina Rahman')).toBeTruthy();
  });

  it('approves a referral from its detail: the amount is fixed, the quota counts it, the history says who', async () => {
    const { router } = renderAppAt('/admin/hiring-status');
    fireEvent.click((await referralRow('Siti Aminah')).getByRole('button', { name: 'Siti Aminah' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Siti Aminah' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ referral: referrals.siti }));
    expect((await dialog.findByTestId('quota')).textContent).toContain('Quota used: 0 of 3');
    fireEvent.click(dialog.getByRole('button', { name: 'Move to Screening' }));
    await waitFor(() => expect(dialog.getByTestId('hiring-badge').textContent).toBe('Screening'));
    expect((dialog.getByRole('radio', { name: 'Approve' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: 'Save decision' }));
    await waitFor(() => expect(dialog.getByTestId('reward-badge').textContent).toBe('Approved'));
    expect(dialog.getByTestId('reward-amount').textContent).toMatch(/^(RM|MYR)\s?150\.00$/);
    expect(dialog.getByTestId('quota').textContent).toContain('Quota used: 1 of 3');
    const history = within(dialog.getByTestId('admin-referral-history'));
    expect(history.getByText(/Reward changed/).textContent).toContain('In review → Approved');
    expect(history.getAllByText(/Nur Admin \(Admin\)/).length).toBe(2);
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await rewardOf('Siti Aminah')).toBe('Approved');
  });

  it('refuses to approve without consent, and reviews a call proof so it leaves the "to review" filter', async () => {
    renderAppAt(`/admin/hiring-status?call=NEED_REVIEW&referral=${referrals.ravi}`);
    const dialog = within(await screen.findByRole('dialog', { name: 'Ravi Chandran' }));
    expect(((await dialog.findByRole('radio', { name: 'Approve' })) as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText("Approval needs the talent's confirmed consent.")).toBeTruthy();
    // Nor is the talent put forward to the company before their consent: only ending it is offered.
    expect(dialog.getByTestId('hiring-needs-consent').textContent).toBe(
      "Moving forward needs the talent's confirmed consent.",
    );
    expect(dialog.queryByRole('button', { name: 'Move to Screening' })).toBeNull();
    expect(dialog.getByRole('button', { name: 'Move to Rejected' })).toBeTruthy();
    // No refusal is picked for the admin: saving asks for a choice, and nothing is stored.
    expect(dialog.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    expect(dialog.queryByLabelText('Reason')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Save decision' }));
    expect(await dialog.findByText('Choose a reward decision.')).toBeTruthy();
    expect(await rewardOf('Ravi Chandran')).toBe('In review');
    fireEvent.click(dialog.getByRole('radio', { name: 'Not valid' }));
    expect(dialog.getByLabelText('Reason')).toBeTruthy();
    expect(dialog.queryByText('Choose a reward decision.')).toBeNull();
    const proof = within(dialog.getByTestId('admin-call-proof'));
    expect(proof.getByRole('button', { name: 'View' })).toBeTruthy();
    fireEvent.click(proof.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(proof.getByTestId('call-proof-badge').textContent).toBe('Accepted'));
    expect(proof.getByText(/Reviewed by Nur Admin/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('empty-state')).toBeTruthy());
  });

  it('rejects a selection at once with a reason, and shows each referral’s result', async () => {
    renderAppAt('/admin/hiring-status');
    const table = await referralTable();
    await waitFor(() => table.getByRole('button', { name: 'Mei Ling' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Mei Ling' }));
    fireEvent.click(table.getByRole('checkbox', { name: 'Select Arun Kumar' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject selected' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject 2' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Reason'), { target: { value: 'Duplicate of an earlier applicant' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject 2' }));
    const results = await screen.findAllByTestId('bulk-result');
    expect(results.map((row) => row.textContent)).toEqual(['Mei LingRejected', 'Arun KumarRejected']);
    await waitFor(async () => expect(await rewardOf('Mei Ling')).toBe('Rejected'));
    expect(await rewardOf('Arun Kumar')).toBe('Rejected');
    const stored = await db()
      .selectFrom('referrals')
      .select('reward_reason')
      .where('id', 'in', [referrals.mei, referrals.arun])
      .execute();
    expect(stored.map((row) => row.reward_reason)).toEqual([
      'Duplicate of an earlier applicant',
      'Duplicate of an earlier applicant',
    ]);
  });
});

describe('the payments screen', () => {
  it('creates a payment from the approved referral and marks it paid with a reference', async () => {
    renderAppAt('/admin/payments');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeTruthy();
    expect(await screen.findByText('No payments here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New payment' }));
    fireEvent.change(await dialog.findByLabelText('Recruiter'), {
      target: { value: String(ainaId) },
    });
    expect(dialog.getByText(/Maybank/)).toBeTruthy();
    expect((dialog.getByRole('checkbox', { name: /Siti Aminah/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByTestId('payment-sum').textContent).toMatch(/1 selected: (RM|MYR)\s?150\.00/);
    fireEvent.click(dialog.getByRole('button', { name: 'Create payment' }));

    const table = within(await screen.findByRole('table', { name: 'Payments' }));
    const row = within(await table.findByTestId('payment-row'));
    expect(row.getByText('Aina Rahman')).toBeTruthy();
    expect(row.getByTestId('payment-amount').textContent).toMatch(/^(RM|MYR)\s?150\.00$/);
    expect(row.getByTestId('payment-status').textContent).toBe('Pending');
    expect(
      (
        await db()
          .selectFrom('referrals')
          .select('reward_status')
          .where('id', '=', referrals.siti)
          .executeTakeFirstOrThrow()
      ).reward_status,
    ).toBe('PENDING_PAYMENT');

    fireEvent.click(row.getByRole('button', { name: 'Mark paid' }));
    const pay = within(await screen.findByRole('dialog', { name: 'Mark the payment paid' }));
    fireEvent.click(pay.getByRole('button', { name: 'Mark paid' }));
    expect(await pay.findByText('This field is required.')).toBeTruthy();
    fireEvent.change(pay.getByLabelText('Transfer reference'), { target: { value: 'MBB-2026-0042' } });
    fireEvent.change(pay.getByLabelText('Paid at'), { target: { value: '2026-11-21T10:00' } });
    fireEvent.click(pay.getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(row.getByTestId('payment-status').textContent).toBe('Paid'));
    expect(row.getByTestId('payment-reference').textContent).toBe('MBB-2026-0042');
    expect(
      (
        await db()
          .selectFrom('referrals')
          .select('reward_status')
          .where('id', '=', referrals.siti)
          .executeTakeFirstOrThrow()
      ).reward_status,
    ).toBe('PAID');
  });

  it('keeps the filter in the URL: the paid payment is under Paid, nothing is Pending', async () => {
    const { router } = renderAppAt('/admin/payments?filter=PENDING');
    expect(await screen.findByText('No payments here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ filter: 'PAID' }));
    const table = within(await screen.findByRole('table', { name: 'Payments' }));
    expect(within(await table.findByTestId('payment-row')).getByTestId('payment-status').textContent).toBe('Paid');
  });

  it('opens a payment by its number: who is paid, into which account, and each referral it pays', async () => {
    renderAppAt('/admin/payments');
    const table = within(await screen.findByRole('table', { name: 'Payments' }));
    const row = within(await table.findByTestId('payment-row'));
    const id = (await db().selectFrom('payments').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    expect(row.getByTestId('payment-number').textContent).toBe(`#${id}`);
    fireEvent.click(row.getByRole('button', { name: `Open payment #${id}` }));

    const dialog = within(await screen.findByRole('dialog', { name: `Payment #${id}` }));
    const detail = within(await dialog.findByTestId('payment-detail'));
    expect(detail.getByText('Aina Rahman')).toBeTruthy();
    expect(detail.getByText('Pay to: Maybank · Aina Rahman · 114455667788')).toBeTruthy();
    expect(detail.getByTestId('payment-status').textContent).toBe('Paid');
    expect(detail.getByTestId('payment-detail-reference').textContent).toBe('MBB-2026-0042');
    const paid = detail.getAllByTestId('payment-referral');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.textContent).toContain('Siti Aminah');
    expect(paid[0]?.textContent).toContain('Route Planner');
    expect(paid[0]?.textContent).toMatch(/(RM|MYR)\s?150\.00/);
    // Mei Ling and Arun Kumar are approved-able but not in this payment.
    expect(detail.queryByText('Mei Ling')).toBeNull();

    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
