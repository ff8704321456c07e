import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatMoney } from '#src/lib/format.ts';
import type { NewReferral } from '#src/server/db/database.ts';
import { insertPayment } from '#tests/server/helpers/money-rows.ts';
import { insertMember, insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// /earning against the real API in-process: a recruiter with rewards in every state, a payment paid with
// a bank reference and one pending, and outcomes that were not rewarded with the admin's reason.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const rows = () => ({ db: server.db, clock: { now: () => new Date(NOW) } });

const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let recruiter: string;
let admin: string;
let planner: number;

beforeAll(async () => {
  recruiter = await server.createUser({ fullName: 'Ahmad Faizal' });
  admin = await server.createUser({ roles: ['ROLE_ADMIN'] });
  const me = await userId(recruiter);
  const adminId = await userId(admin);
  const other = await userId(await server.createUser());

  planner = await insertTask(rows(), { title: 'Route Planner', code: 'T-000101' });
  const driver = await insertTask(rows(), { title: 'Forklift Driver', code: 'T-000102' });
  await insertMember(rows(), me, planner);
  await insertMember(rows(), me, driver);

  const decided = async (name: string, taskId: number, values: Partial<NewReferral>) =>
    insertReferral(rows(), await insertTalent(rows(), me, { full_name: name }), taskId, {
      reward_decided_by: adminId,
      reward_decided_at: at(-HOUR),
      ...values,
    });
  const money = (amount: number) => ({ reward_amount: amount, reward_currency: 'MYR' });

  await decided('Aisyah Zulkifli', planner, { reward_status: 'APPROVED', ...money(20_000) });
  const pending = await decided('Ravi Chandran', planner, { reward_status: 'APPROVED', ...money(15_000) });
  await insertPayment(rows(), { recruiterId: me, createdBy: adminId, referralIds: [pending], createdAt: at(-HOUR) });
  const paid = await decided('Lim Mei Ling', driver, {
    reward_status: 'APPROVED',
    ...money(30_000),
    reward_decided_at: '2026-10-20T00:00:00.000Z',
  });
  await insertPayment(rows(), {
    recruiterId: me,
    createdBy: adminId,
    referralIds: [paid],
    paidAt: at(-2 * DAY),
    reference: 'MBB-2026-11-0042',
    createdAt: at(-3 * DAY),
  });
  await decided('Nur Hidayah', driver, {
    reward_status: 'REJECTED',
    reward_reason: 'Duplicate CV from another agency',
  });
  await decided('Kumar Pillai', planner, { reward_status: 'NOT_VALID', reward_reason: 'The phone number is wrong' });
  // In review: not decided, not listed.
  await insertReferral(rows(), await insertTalent(rows(), me, { full_name: 'Zara Ong' }), planner, {
    consent_status: 'CONFIRMED',
  });
  // Another recruiter's reward never shows on mine.
  await insertReferral(rows(), await insertTalent(rows(), other, { full_name: 'Chong Wei' }), planner, {
    reward_status: 'APPROVED',
    ...money(99_900),
    reward_decided_at: at(-HOUR),
  });
});

beforeEach(() => {
  clearAuthTokens();
  server.advance(60_000);
});
afterEach(() => cleanup());

async function openEarning(path = '/earning', email = recruiter) {
  await server.signIn(email);
  const view = renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: 'Earning' });
  await waitFor(() => expect(view.queryClient.getQueryState(['me'])?.status).toBe('success'));
  return view;
}

const names = () =>
  screen.getAllByTestId('earning-referral').map((card) => within(card).getAllByRole('link')[0]?.textContent);

describe('earning', () => {
  it('shows my totals by reward status and the outcomes that were not rewarded', async () => {
    await openEarning();
    expect((await screen.findByTestId('total-APPROVED-amount')).textContent).toBe(formatMoney(20_000, 'MYR'));
    expect(screen.getByTestId('total-PENDING_PAYMENT-amount').textContent).toBe(formatMoney(15_000, 'MYR'));
    expect(screen.getByTestId('total-PAID-amount').textContent).toBe(formatMoney(30_000, 'MYR'));
    expect(screen.getByText('Referrals still in review: 1')).toBeTruthy();
    expect(within(screen.getByTestId('outcome-REJECTED')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('outcome-NOT_VALID')).getByText('1')).toBeTruthy();
    expect(within(screen.getByTestId('outcome-EXCEED_QUOTA')).getByText('0')).toBeTruthy();
  });

  it('charts the rewards per month as a table when no canvas can be drawn', async () => {
    await openEarning();
    const table = await screen.findByTestId('month-chart-table');
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    const row = (month: string) =>
      [...(within(table).getByRole('rowheader', { name: month }).closest('tr')?.querySelectorAll('td') ?? [])].map(
        (cell) => cell.textContent,
      );
    expect(row('Nov 2026')).toEqual([formatMoney(35_000, 'MYR')]);
    expect(row('Oct 2026')).toEqual([formatMoney(30_000, 'MYR')]);
    expect(row('Dec 2025')).toEqual([formatMoney(0, 'MYR')]);
  });

  it('lists my decided referrals with amounts, reasons and payment references, never anyone else’s', async () => {
    await openEarning();
    await screen.findAllByTestId('earning-referral');
    expect(names()).toHaveLength(5);
    expect(screen.queryByText('Chong Wei')).toBeNull();
    expect(screen.queryByText('Zara Ong')).toBeNull();
    const lim = screen.getByRole('link', { name: 'Lim Mei Ling' }).closest('article') as HTMLElement;
    expect(within(lim).getByText(/reference MBB-2026-11-0042/)).toBeTruthy();
    const nur = screen.getByRole('link', { name: 'Nur Hidayah' }).closest('article') as HTMLElement;
    expect(within(nur).getByText('Reason: Duplicate CV from another agency')).toBeTruthy();

    const payments = within(screen.getByRole('list', { name: 'My payments' }));
    const cards = payments.getAllByTestId('earning-payment');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('Reference: MBB-2026-11-0042')).toBeTruthy();
    expect(cards[1]?.textContent).toContain(formatMoney(30_000, 'MYR'));
  });

  it('filters the list from an outcome, and by task and month, in the address', async () => {
    const { router } = await openEarning();
    fireEvent.click(await screen.findByTestId('outcome-REJECTED'));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'REJECTED' }));
    await waitFor(() => expect(names()).toEqual(['Nur Hidayah']));

    fireEvent.change(screen.getByLabelText('Reward'), { target: { value: 'REWARDED' } });
    await waitFor(() => expect(names()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Task'), { target: { value: String(planner) } });
    await waitFor(() => expect(names().sort()).toEqual(['Aisyah Zulkifli', 'Ravi Chandran']));
    fireEvent.change(screen.getByLabelText('Month decided'), { target: { value: '2026-10' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ month: '2026-10', status: 'REWARDED' }));
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(5));
  });

  it('tells an admin-only account that earnings are for recruiters', async () => {
    await openEarning('/earning', admin);
    expect(await screen.findByText(/Earnings are for recruiters/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Payments' }).getAttribute('href')).toBe('/admin/payments');
  });
});
