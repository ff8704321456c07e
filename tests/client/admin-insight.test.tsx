import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertPromo, insertTask, referNewTalent } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Insight (issue 27) against the real API in-process: an empty period says so; a period with
// referrals shows the funnel's figures, the money per month (refusals, which carry no currency, counted
// without one) and what is owed; picking a promo in the scope chooser puts it in the URL and scopes the
// figures to it. The clock reads 2026-11-22T02:00Z: the default period is December 2025 to November 2026.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const rows = () => ({ db: server.db, clock: { now: () => new Date(NOW) } });
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW + days * DAY).toISOString();

let adminEmail: string;
let recruiterId: number;

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Aina Rahman' });
  recruiterId = (
    await server.db.selectFrom('users').select('id').where('email', '=', recruiterEmail).executeTakeFirstOrThrow()
  ).id;
});

beforeEach(async () => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(adminEmail);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const stepRow = (step: string) => {
  const row = screen.getByTestId('funnel-table').querySelector(`[data-step="${step}"]`);
  if (!row) throw new Error(`no ${step} row`);
  return within(row as HTMLElement);
};

/** The month a period field shows ('YYYY-MM'), from its month and year selects, named by its legend. */
const monthShown = (label: string) => {
  const field = within(screen.getByRole('group', { name: label }));
  const year = (field.getByRole('combobox', { name: 'Year' }) as HTMLSelectElement).value;
  return `${year}-${(field.getByRole('combobox', { name: 'Month' }) as HTMLSelectElement).value}`;
};
/** Picks a month in a period field as an admin does: its month, then (once shown) its year. */
const pickMonth = async (label: string, value: string) => {
  const field = () => within(screen.getByRole('group', { name: label }));
  fireEvent.change(field().getByRole('combobox', { name: 'Month' }), { target: { value: value.slice(5) } });
  await waitFor(() => expect(monthShown(label).slice(5)).toBe(value.slice(5)));
  fireEvent.change(field().getByRole('combobox', { name: 'Year' }), { target: { value: value.slice(0, 4) } });
};

describe('the insight screen', () => {
  it('says so when no referral was made in the period, and owes nothing', async () => {
    renderAppAt('/admin/insight');
    expect(await screen.findByRole('heading', { level: 1, name: 'Insight' })).toBeTruthy();
    expect(await screen.findByText('No referrals were made in this period.')).toBeTruthy();
    expect(screen.queryByTestId('funnel-table')).toBeNull();
    expect(screen.getByText('No reward was decided and no payment was made in this period.')).toBeTruthy();
    expect(screen.getByTestId('insight-liability-none').textContent).toBe('Nothing is owed.');
    expect(monthShown('From')).toBe('2025-12');
    expect(monthShown('To')).toBe('2026-11');
  });

  it('shows the funnel, the money per month and what is owed; a promo picked scopes the funnel', async () => {
    const planner = await insertTask(rows(), { title: 'Route Planner', reward_amount: 15_000 });
    const barista = await insertTask(rows(), { title: 'Barista' });
    const promo = await insertPromo(rows(), [planner], { title: 'Raya Referral Drive' });
    // Four referrals to the planner in the promo: two consented, one of them approved; one refused.
    await referNewTalent(rows(), recruiterId, planner, {
      promo_id: promo,
      consent_status: 'CONFIRMED',
      consent_decided_at: at(0),
    });
    await referNewTalent(rows(), recruiterId, planner, {
      promo_id: promo,
      reward_status: 'APPROVED',
      reward_amount: 20_000,
      reward_currency: 'MYR',
      reward_decided_at: at(0),
    });
    await referNewTalent(rows(), recruiterId, planner, {
      promo_id: promo,
      reward_status: 'REJECTED',
      reward_decided_at: at(0),
    });
    await referNewTalent(rows(), recruiterId, planner, { promo_id: promo });
    // And one to the barista, outside the promo.
    await referNewTalent(rows(), recruiterId, barista);

    const { router } = renderAppAt('/admin/insight');
    await screen.findByTestId('funnel-table');
    expect(stepRow('REFERRED').getByTestId('funnel-reached').textContent).toBe('5');
    expect(stepRow('CONSENT').getByTestId('funnel-reached').textContent).toBe('3');
    expect(stepRow('CONSENT').getByTestId('funnel-conversion').textContent).toBe('60%');
    expect(screen.getByTestId('insight-consent-rate-value').textContent).toBe('60%');

    // November: one approved (RM 200.00) and one refused, which has no currency of its own.
    const money = within(screen.getByTestId('insight-money-table'));
    const [november] = money.getAllByTestId('insight-money-row');
    expect(within(november as HTMLElement).getByTestId('insight-money-approved').textContent).toMatch(
      /MYR\s200\.00\s*1 reward$/,
    );
    expect(within(november as HTMLElement).getByTestId('insight-money-refused').textContent).toBe('1');
    expect(screen.getByTestId('insight-owed-approved-MYR-value').textContent).toMatch(/MYR\s200\.00/);
    expect(within(screen.getByTestId('insight-promo-table')).getByText('Raya Referral Drive')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 'promo' } });
    const option = await screen.findByRole('button', { name: /Raya Referral Drive/ });
    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ promoId: promo }));
    expect((await screen.findByTestId('insight-scope-label')).textContent).toBe('Showing: Raya Referral Drive');
    await waitFor(() => expect(stepRow('REFERRED').getByTestId('funnel-reached').textContent).toBe('4'));

    fireEvent.click(screen.getByRole('button', { name: 'Show everyone' }));
    await waitFor(() => expect(stepRow('REFERRED').getByTestId('funnel-reached').textContent).toBe('5'));
    expect(router.state.location.search).not.toHaveProperty('promoId');

    // A period before the referrals: the URL carries it and the funnel says it is empty.
    await pickMonth('To', '2026-10');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2025-12', to: '2026-10' }));
    expect(await screen.findByText('No referrals were made in this period.')).toBeTruthy();
    // A start after the end moves the end along.
    await pickMonth('From', '2026-11');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ from: '2026-11', to: '2026-11' }));
    await waitFor(() => expect(stepRow('REFERRED').getByTestId('funnel-reached').textContent).toBe('5'));
  });

  it('reads a shared link with two scopes as the first one, and a period that ends before it starts as the default', async () => {
    const task = await insertTask(rows(), { title: 'Night Auditor', code: 'T-900001' });
    renderAppAt(`/admin/insight?from=2026-11&to=2026-01&taskId=${task}&promoId=1`);
    expect((await screen.findByTestId('insight-scope-label')).textContent).toBe('Showing: T-900001 · Night Auditor');
    expect(monthShown('From')).toBe('2025-12');
    expect(monthShown('To')).toBe('2026-11');
  });

  it('a scope that does not exist says why, and offers everyone', async () => {
    // React reports the loader's error it hands to the route's error component.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderAppAt('/admin/insight?promoId=999999');
    expect((await screen.findByRole('alert')).textContent).toBe('This promo does not exist, or it was deleted.');
    // Trying again would not bring it back: no retry, the way out is everyone.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Show everyone' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByLabelText('Scope')).toBeTruthy();
  });
});
