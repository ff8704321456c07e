import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 45 in Admin › Insight, against the real API in-process: the funnel's "Shared with the company"
// step, the companies' answer rate and time, the table of answers per company or task, and a company as
// the funnel's scope.
const server = inProcessApiForFile();
const HOUR = 3_600_000;
const rows = () => ({ db: server.db, clock: { now: () => server.now() } });

let adminEmail: string;
let kopiId: number;

/** The admin's API call, signed in afresh (the API's clock moves between calls). */
async function call<T>(path: string, json?: unknown): Promise<T> {
  const { accessToken } = await server.sessionOf(adminEmail);
  const res = await server.app.request(path, {
    method: json === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  return ((await res.json()) as { data: T }).data;
}

async function tokenOfNewestShare() {
  const mail = await server.db
    .selectFrom('email_outbox')
    .select('payload')
    .where('template', '=', 'company_review')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return new URL(JSON.parse(mail.payload).link as string).searchParams.get('token') as string;
}

const answer = (token: string, referralId: number, kind: string, reason?: string) =>
  server.app.request('/api/public/review/answer', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.30' },
    body: JSON.stringify({ token, referralId, answer: kind, ...(reason ? { reason } : {}) }),
  });

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const recruiterEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const recruiter = (
    await server.db.selectFrom('users').select('id').where('email', '=', recruiterEmail).executeTakeFirstOrThrow()
  ).id;
  const barista = await insertTask(rows(), { code: 'K-1', title: 'Barista', company: 'Kopi' });
  const runner = await insertTask(rows(), { code: 'T-1', title: 'Runner', company: 'Teh' });
  const kopi = await call<{ id: number }>('/api/admin/companies', { name: 'Kopi' });
  kopiId = kopi.id;
  const teh = await call<{ id: number }>('/api/admin/companies', { name: 'Teh' });
  const mei = await call<{ id: number }>(`/api/admin/companies/${kopi.id}/contacts`, {
    name: 'Tan Mei Ling',
    email: 'mei@kopi.example',
  });
  const ali = await call<{ id: number }>(`/api/admin/companies/${teh.id}/contacts`, {
    name: 'Ali Hassan',
    email: 'ali@teh.example',
  });
  const refer = async (taskId: number, consent: 'CONFIRMED' | 'PENDING' = 'CONFIRMED') =>
    insertReferral(rows(), await insertTalent(rows(), recruiter), taskId, { consent_status: consent });
  // Kopi: three consented (two shared), one waiting for consent. Teh: one consented, shared.
  const [a, b] = [await refer(barista), await refer(barista)];
  await refer(barista);
  await refer(barista, 'PENDING');
  const f = await refer(runner);
  await call(`/api/admin/companies/tasks/${barista}/shares`, { referralIds: [a, b], contactIds: [mei.id] });
  const kopiToken = await tokenOfNewestShare();
  await call(`/api/admin/companies/tasks/${runner}/shares`, { referralIds: [f], contactIds: [ali.id] });
  const tehToken = await tokenOfNewestShare();
  // Answers 1 h (Teh), 2 h and 6 h (Kopi) after the sharing.
  server.advance(HOUR);
  await answer(tehToken, f, 'SHORTLIST');
  server.advance(HOUR);
  await answer(kopiToken, a, 'INTERVIEW');
  server.advance(4 * HOUR);
  await answer(kopiToken, b, 'NOT_A_FIT', 'Too junior.');
});

beforeEach(async () => {
  clearAuthTokens();
  server.advance(60 * 60_000); // a fresh rate-limit window
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

const stepRow = (step: string) => {
  const row = screen.getByTestId('funnel-table').querySelector(`[data-step="${step}"]`);
  if (!row) throw new Error(`no ${step} row`);
  return within(row as HTMLElement);
};

describe('Insight and the hiring companies', () => {
  it("shows the shared step, the companies' answer rate and time, and their answers per company or task", async () => {
    renderAppAt('/admin/insight');
    await screen.findByTestId('funnel-table');
    expect(stepRow('SHARED').getByRole('rowheader').textContent).toBe('Shared with the company');
    expect(stepRow('SHARED').getByTestId('funnel-reached').textContent).toBe('3');
    expect(stepRow('SHARED').getByTestId('funnel-conversion').textContent).toBe('75%');
    // Screening (one shortlisted, one invited to interview) is counted from the four consents.
    expect(stepRow('SCREENING').getByTestId('funnel-conversion').textContent).toBe('50%');
    expect(screen.getByTestId('insight-company-rate-value').textContent).toBe('100%');
    expect(within(screen.getByTestId('insight-company-rate')).getByText(/^3 of 3 shared: 1 shortlisted/)).toBeTruthy();
    expect(screen.getByTestId('insight-company-time-value').textContent).toBe('2 hours');

    const table = within(await screen.findByTestId('insight-companies-table'));
    const lines = () =>
      within(screen.getByTestId('insight-companies-table'))
        .getAllByTestId('insight-company-row')
        .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(table.getByRole('columnheader', { name: 'Company' })).toBeTruthy();
    expect(lines()).toEqual([
      ['Kopi', '2', '2', '4 hours', '0', '1', '1'],
      ['Teh', '1', '1', '1 hour', '1', '0', '0'],
    ]);
    fireEvent.change(screen.getByLabelText('Per'), { target: { value: 'task' } });
    await waitFor(() => expect(lines()[0]?.[0]).toBe('K-1 Barista'));
    expect(screen.getByRole('columnheader', { name: 'Task' })).toBeTruthy();
  });

  it('scopes the funnel to a company picked by name', async () => {
    const { router } = renderAppAt('/admin/insight');
    await screen.findByTestId('funnel-table');
    fireEvent.change(screen.getByLabelText('Scope'), { target: { value: 'company' } });
    fireEvent.click(await screen.findByRole('button', { name: /^Kopi/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ companyId: kopiId }));
    expect((await screen.findByTestId('insight-scope-label')).textContent).toBe('Showing: Kopi');
    await waitFor(() => expect(stepRow('REFERRED').getByTestId('funnel-reached').textContent).toBe('4'));
    expect(stepRow('SHARED').getByTestId('funnel-reached').textContent).toBe('2');
    expect(screen.getByTestId('insight-company-time-value').textContent).toBe('4 hours');
  });
});
