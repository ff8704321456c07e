import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';
import { savePayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { insertPayment } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { type InProcessApi, startInProcessApi } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Paperwork issuing a year larger than one call's batch (issue 46): the server issues at most
// CP58_ISSUE_BATCH forms a call, here 1 for the client and the in-process server alike, so issuing every
// ready form is a call per form, the dialog showing how far it is, and one summary at the end.

vi.mock('#src/shared/cp58-types.ts', async (original) => ({
  ...(await original<typeof import('#src/shared/cp58-types.ts')>()),
  CP58_ISSUE_BATCH: 1,
}));

const PAYER = {
  PAYER_NAME: 'Rekrut Bakat Sdn Bhd',
  PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
  PAYER_EMPLOYER_NUMBER: 'E 9876543210',
  PAYER_ADDRESS: 'Level 5, Menara Contoh|Jalan Ampang|50450 Kuala Lumpur',
};

let server: InProcessApi;
const issueCalls: unknown[] = [];
let adminEmail: string;

beforeAll(async () => {
  server = await startInProcessApi(PAYER);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/api/admin/cp58/issue') issueCalls.push(await request.clone().json());
    return server.fetch(request);
  });
  const rows = { db: server.db, clock: { now: () => server.now() } };
  const userId = async (email: string) =>
    (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const admin = await userId(adminEmail);
  const task = await insertTask(rows, { title: 'Route Planner' });
  const keys = sealingKeysOf(server.env);
  for (const [i, name] of ['Aina Rahman', 'Mei Ling', 'Ravi Kumar'].entries()) {
    const id = await userId(await server.createUser({ fullName: name }));
    const talent = await insertTalent(rows, id);
    const referral = await insertReferral(rows, talent, task, {
      reward_status: 'APPROVED',
      reward_amount: 600_000 + i * 1_000,
      reward_currency: 'MYR',
    });
    await insertPayment(rows, {
      recruiterId: id,
      createdBy: admin,
      referralIds: [referral],
      paidAt: '2025-06-01T04:00:00.000Z',
    });
    await savePayee(
      server.db,
      keys,
      id,
      {
        fullName: name.toUpperCase(),
        idType: 'MYKAD',
        idNumber: '900615145071',
        address: {
          line1: 'No. 12, Jalan Setiawangsa 9',
          postcode: '54200',
          city: 'Kuala Lumpur',
          state: 'KUALA_LUMPUR',
        },
      },
      server.now().toISOString(),
    );
  }
  // Omar, over the threshold without his details: the summary counts him once, not once a call.
  const omar = await userId(await server.createUser({ fullName: 'Omar Faruq' }));
  const talent = await insertTalent(rows, omar);
  const referral = await insertReferral(rows, talent, task, {
    reward_status: 'APPROVED',
    reward_amount: 700_000,
    reward_currency: 'MYR',
  });
  await insertPayment(rows, {
    recruiterId: omar,
    createdBy: admin,
    referralIds: [referral],
    paidAt: '2025-06-01T04:00:00.000Z',
  });
  clearAuthTokens();
  clearToasts();
  await server.signIn(adminEmail);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});
afterEach(() => cleanup());

describe('Admin › Paperwork, a year larger than a batch', () => {
  it('issues every ready form over several calls, showing its progress, and sums them up once', async () => {
    renderAppAt('/admin/paperwork?year=2025');
    fireEvent.click(await screen.findByRole('button', { name: m.admin_cp58_issue_all({ count: '3' }) }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: m.admin_cp58_issue_all_title({ year: '2025' }) }),
    );
    fireEvent.click(dialog.getByRole('button', { name: m.admin_cp58_issue_confirm() }));
    // The dialog says how far it is while the calls go on.
    expect((await dialog.findByTestId('cp58-issue-progress')).textContent).toMatch(/^Issued \d of 3…$/);
    expect(dialog.getByRole('progressbar', { name: m.admin_cp58_issuing_progress_label() })).toBeTruthy();
    expect(
      await screen.findByText(m.admin_cp58_issued_toast({ issued: '3', unchanged: '0', skipped: '1' })),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // One call per form, each asking for every ready one: the server bounds what each issues.
    expect(issueCalls).toEqual([{ year: 2025 }, { year: 2025 }, { year: 2025 }]);
    const forms = await server.db.selectFrom('cp58_forms').select(['recruiter_id', 'version']).execute();
    expect(forms).toHaveLength(3);
    expect(forms.every((form) => form.version === 1)).toBe(true);
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: m.admin_cp58_issue_all({ count: '0' }) }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
  });
});
