import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatMoney } from '#src/lib/format.ts';
import type { Role } from '#src/shared/enums.ts';
import { hire, insertCallProof, insertConsentLink, insertPayment } from '#tests/server/helpers/money-rows.ts';
import { insertMember, insertReferral, insertTalent, insertTask, referNewTalent } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// /dashboard against the real API in-process: a recruiter with work waiting and numbers this month, and
// an admin who sees the platform's numbers. The API's clock starts at 2026-11-22T02:00Z (November in KL).
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
let ids: { aisyah: number; aisyahReferral: number; ravi: number; raviReferral: number; closing: number };

beforeAll(async () => {
  recruiter = await server.createUser({ fullName: 'Ahmad Faizal' });
  admin = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Siti Admin' });
  const me = await userId(recruiter);
  const adminId = await userId(admin);
  const other = await userId(await server.createUser({ fullName: 'Tan Wei Ming' }));

  const planner = await insertTask(rows(), { title: 'Route Planner' });
  const closing = await insertTask(rows(), { title: 'Warehouse Lead', expires_at: at(3 * DAY) });
  await insertMember(rows(), me, planner);
  await insertMember(rows(), me, closing);

  const aisyah = await insertTalent(rows(), me, { full_name: 'Aisyah Zulkifli' });
  const ravi = await insertTalent(rows(), me, { full_name: 'Ravi Chandran' });
  const aisyahReferral = await insertReferral(rows(), aisyah, planner, { created_at: at(-4 * DAY) });
  await insertConsentLink(rows(), aisyahReferral, at(-4 * DAY));
  const raviReferral = await insertReferral(rows(), ravi, closing, { consent_status: 'CONFIRMED' });
  await insertCallProof(rows(), raviReferral, { status: 'REJECTED', reason: 'The recording is silent.' });
  ids = { aisyah: aisyah.id, aisyahReferral, ravi: ravi.id, raviReferral, closing };

  // This month: two referrals and one consent (above), one hire and a MYR 150.00 reward; October: one referral.
  const hired = await referNewTalent(rows(), me, planner, {
    created_at: '2026-10-15T00:00:00.000Z',
    consent_status: 'CONFIRMED',
    consent_decided_at: '2026-10-16T00:00:00.000Z',
    reward_status: 'APPROVED',
    reward_amount: 15_000,
    reward_currency: 'MYR',
    reward_decided_at: at(-HOUR),
  });
  await hire(rows(), hired, at(-2 * HOUR));
  await insertPayment(rows(), { recruiterId: me, createdBy: adminId, referralIds: [hired], paidAt: at(-HOUR) });
  // Another recruiter's work never shows on mine.
  await referNewTalent(rows(), other, planner, { created_at: at(-5 * DAY) });
});

beforeEach(() => {
  clearAuthTokens();
  server.advance(60_000);
});
afterEach(() => {
  onlineManager.setOnline(true);
  cleanup();
});

async function openDashboard(email: string) {
  await server.signIn(email);
  const view = renderAppAt('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  await waitFor(() => expect(view.queryClient.getQueryState(['me'])?.status).toBe('success'));
  return view;
}

const chartRow = (month: string) => {
  const table = screen.getByTestId('month-chart-table');
  const header = within(table).getByRole('rowheader', { name: month });
  return [...(header.closest('tr')?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
};

describe('the recruiter dashboard', () => {
  it('lists what to do next, each a link to where it is done', async () => {
    await openDashboard(recruiter);
    const consent = within(await screen.findByTestId('todo-consent'));
    const aisyah = consent.getByRole('link', { name: 'Aisyah Zulkifli' });
    expect(aisyah.getAttribute('href')).toBe(`/talents-folder/${ids.aisyah}/profile?referral=${ids.aisyahReferral}`);
    expect(consent.getByText(/has expired: send a new one/)).toBeTruthy();

    const proofs = within(screen.getByTestId('todo-call-proofs'));
    expect(proofs.getByRole('link', { name: 'Ravi Chandran' }).getAttribute('href')).toBe(
      `/talents-folder/${ids.ravi}/profile?referral=${ids.raviReferral}`,
    );
    expect(proofs.getByText('Reason: The recording is silent.')).toBeTruthy();

    const closing = within(screen.getByTestId('todo-closing'));
    expect(closing.getByRole('link', { name: 'Warehouse Lead' }).getAttribute('href')).toBe(
      `/manage-task/${ids.closing}`,
    );
    expect(closing.getByText(/My referrals: 1/)).toBeTruthy();
    expect(closing.queryByText('Route Planner')).toBeNull();
  });

  it("shows this month's numbers and the last six months as a chart that reads without a canvas", async () => {
    await openDashboard(recruiter);
    expect(await screen.findByRole('heading', { name: 'My numbers in November 2026' })).toBeTruthy();
    expect(screen.getByTestId('stat-referrals-value').textContent).toBe('2');
    expect(screen.getByTestId('stat-consents-value').textContent).toBe('1');
    expect(screen.getByTestId('stat-hires-value').textContent).toBe('1');
    expect(screen.getByTestId('stat-earnings-value').textContent).toBe(formatMoney(15_000, 'MYR'));
    expect(within(screen.getByTestId('stat-earnings')).getByRole('link', { name: 'See my earning' })).toBeTruthy();

    // happy-dom has no canvas: the chart's numbers show as a table instead, and nothing crashes.
    expect(screen.queryByTestId('month-chart-canvas')).toBeNull();
    const table = screen.getByTestId('month-chart-table');
    expect(within(table).getByText('Referrals, consents and hires in the last 6 months')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(chartRow('Nov 2026')).toEqual(['2', '1', '1']);
    expect(chartRow('Oct 2026')).toEqual(['1', '1', '0']);
    expect(chartRow('Jun 2026')).toEqual(['0', '0', '0']);
  });

  it('keeps showing the saved numbers offline, saying when they were saved', async () => {
    await openDashboard(recruiter);
    await screen.findByTestId('todo-consent');
    expect(screen.queryByTestId('as-of-note')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByTestId('as-of-note')).toBeTruthy();
    expect(screen.getByTestId('todo-consent')).toBeTruthy();
  });
});

describe('the admin dashboard', () => {
  it("shows the platform's numbers instead of a recruiter's work", async () => {
    await openDashboard(admin);
    expect(await screen.findByRole('heading', { name: 'The platform now' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'What to do next' })).toBeNull();
    expect(screen.getByTestId('stat-active-recruiters-value').textContent).toBe('2');
    expect(screen.getByTestId('stat-open-tasks-value').textContent).toBe('2');
    expect(screen.getByTestId('stat-call-proofs-value').textContent).toBe('0');
    expect(screen.getByTestId('stat-rewards-in-review-value').textContent).toBe('1');
    expect(screen.getByTestId('stat-platform-referrals-value').textContent).toBe('3');
    expect(screen.getByTestId('stat-platform-paid-value').textContent).toBe(formatMoney(15_000, 'MYR'));
    expect(
      within(screen.getByTestId('stat-call-proofs')).getByRole('link', { name: 'Open' }).getAttribute('href'),
    ).toBe('/admin/hiring-status');
    expect(chartRow('Nov 2026')).toEqual(['3', '1', '1']);
  });

  it('shows both for an account that is recruiter and admin', async () => {
    const both = await server.createUser({ roles: ['ROLE_RECRUITER', 'ROLE_ADMIN'] as Role[] });
    await openDashboard(both);
    expect(await screen.findByRole('heading', { name: 'What to do next' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'The platform now' })).toBeTruthy();
  });
});
