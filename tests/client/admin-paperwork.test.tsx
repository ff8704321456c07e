import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { m } from '#src/paraglide/messages.js';
import { savePayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { insertPayment } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { type InProcessApi, startInProcessApi } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Paperwork against the real API in-process (issue 46): the year's Form CP58 list with what each
// recruiter's form lacks, issuing every ready one after a confirmation, a correction once details change,
// and the downloads; the admin's 1280 px table (happy-dom renders the phone cards beside it). The tests
// follow one another, as an admin's year does: issued, then corrected.

const PAYER = {
  PAYER_NAME: 'Rekrut Bakat Sdn Bhd',
  PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
  PAYER_EMPLOYER_NUMBER: 'E 9876543210',
  PAYER_ADDRESS: 'Level 5, Menara Contoh|Jalan Ampang|50450 Kuala Lumpur',
};
const PAYEE = {
  fullName: 'NUR AINA BINTI HASHIM',
  idType: 'MYKAD' as const,
  idNumber: '900615145071',
  address: {
    line1: 'No. 12, Jalan Setiawangsa 9',
    postcode: '54200',
    city: 'Kuala Lumpur',
    state: 'KUALA_LUMPUR' as const,
  },
};

let server: InProcessApi;
beforeAll(async () => {
  server = await startInProcessApi(PAYER);
  vi.stubGlobal('fetch', server.fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.close();
});

const rows = () => ({ db: server.db, clock: { now: () => server.now() } });
const userId = async (email: string) =>
  (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let adminEmail: string;
let ids: { aina: number; omar: number; mei: number };

/** A paid payment in 2025 of one approved referral worth `amount` sen. */
async function paidIn2025(recruiterId: number, amount: number, createdBy: number, task: number) {
  const talent = await insertTalent(rows(), recruiterId);
  const referral = await insertReferral(rows(), talent, task, {
    reward_status: 'APPROVED',
    reward_amount: amount,
    reward_currency: 'MYR',
  });
  await insertPayment(rows(), {
    recruiterId,
    createdBy,
    referralIds: [referral],
    paidAt: '2025-06-01T04:00:00.000Z',
    reference: 'MBB-1',
  });
}

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const admin = await userId(adminEmail);
  ids = {
    aina: await userId(await server.createUser({ fullName: 'Aina Rahman' })),
    omar: await userId(await server.createUser({ fullName: 'Omar Faruq' })),
    mei: await userId(await server.createUser({ fullName: 'Mei Ling' })),
  };
  const task = await insertTask(rows(), { title: 'Route Planner' });
  await paidIn2025(ids.aina, 600_000, admin, task);
  await paidIn2025(ids.omar, 700_000, admin, task);
  await paidIn2025(ids.mei, 120_000, admin, task);
  const keys = sealingKeysOf(server.env);
  const at = server.now().toISOString();
  await savePayee(server.db, keys, ids.aina, PAYEE, at);
  await savePayee(server.db, keys, ids.mei, { ...PAYEE, fullName: 'MEI LING' }, at);
  // Mei, below the threshold, asked for hers.
  await server.db.insertInto('cp58_requests').values({ recruiter_id: ids.mei, year: 2025, requested_at: at }).execute();
});

beforeEach(async () => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000);
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

const list = async () => within(await screen.findByRole('table', { name: m.admin_cp58_list_label() }));
const rowOf = async (name: string) => {
  const table = await list();
  const cell = await waitFor(() => table.getByText(name));
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

describe('Admin › Paperwork', () => {
  it('is in the admin menu and lists the year: who was paid over the threshold, who asked, and what each form lacks', async () => {
    renderAppAt('/admin/paperwork?year=2025');
    expect(await screen.findByRole('heading', { level: 1, name: m.title_paperwork() })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: m.nav_admin_paperwork() }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: m.admin_cp58_heading() })).toBeTruthy();
    expect((await screen.findByTestId('cp58-threshold')).textContent).toMatch(/more than (MYR|RM)\s?5,000\.00 in 2025/);
    expect((await list()).getAllByTestId('cp58-row')).toHaveLength(3);

    const omar = await rowOf('Omar Faruq');
    expect(omar.getByTestId('cp58-paid').textContent).toMatch(/7,000\.00/);
    expect(omar.getByTestId('cp58-reasons').textContent).toBe(m.admin_cp58_reason_over());
    expect(omar.getByTestId('cp58-details').textContent).toBe(m.admin_cp58_missing_payee_details());
    // Nothing to issue for him until he gives his details.
    expect(omar.queryByRole('button', { name: /Issue/ })).toBeNull();

    const aina = await rowOf('Aina Rahman');
    expect(aina.getByTestId('cp58-details').textContent).toBe(m.admin_cp58_complete());
    expect(aina.getByTestId('cp58-status').textContent).toBe(m.admin_cp58_status_not_issued());
    expect(aina.getByRole('button', { name: m.admin_cp58_issue_label({ name: 'Aina Rahman' }) })).toBeTruthy();

    const mei = await rowOf('Mei Ling');
    expect(mei.getByTestId('cp58-reasons').textContent).toMatch(/^Asked on /);
  });

  it('issues every ready form after a confirmation, then offers each version for download', async () => {
    const saved: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      saved.push(blob);
      return 'blob:download';
    };
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    onTestFinished(() => click.mockRestore());

    renderAppAt('/admin/paperwork?year=2025');
    fireEvent.click(await screen.findByRole('button', { name: m.admin_cp58_issue_all({ count: '2' }) }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: m.admin_cp58_issue_all_title({ year: '2025' }) }),
    );
    fireEvent.click(dialog.getByRole('button', { name: m.admin_cp58_issue_confirm() }));
    expect(
      await screen.findByText(m.admin_cp58_issued_toast({ issued: '2', unchanged: '0', skipped: '1' })),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());

    const aina = await rowOf('Aina Rahman');
    await waitFor(() => expect(aina.getByTestId('cp58-status').textContent).toBe(m.admin_cp58_status_issued()));
    expect(aina.getByTestId('cp58-version').textContent).toContain('Version 1,');
    expect(aina.getByTestId('cp58-version').textContent).toContain('by Nur Admin');
    expect(aina.queryByRole('button', { name: /Issue/ })).toBeNull();
    // Nothing left to issue.
    expect(
      (screen.getByRole('button', { name: m.admin_cp58_issue_all({ count: '0' }) }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.click(aina.getByRole('button', { name: m.admin_cp58_download_version({ version: '1' }) }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const pdf = new Uint8Array(await (saved[0] as Blob).arrayBuffer());
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    // The download is in the access record, naming whose form it was.
    const line = await server.db
      .selectFrom('access_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'CP58_DOWNLOAD')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({ action: 'CP58_DOWNLOAD', subject_id: ids.aina });

    fireEvent.click(screen.getByRole('button', { name: m.admin_cp58_download_zip() }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.type).toBe('application/zip');
    fireEvent.click(screen.getByRole('button', { name: m.admin_cp58_download_csv() }));
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(await (saved[2] as Blob).text()).toContain('NUR AINA BINTI HASHIM');
  });

  it('says when a form changed since it was issued, and issues the correction as a new version', async () => {
    await savePayee(
      server.db,
      sealingKeysOf(server.env),
      ids.aina,
      { ...PAYEE, address: { ...PAYEE.address, line1: 'No. 8, Jalan Ampang Hilir' } },
      server.now().toISOString(),
    );
    renderAppAt('/admin/paperwork?year=2025');
    const aina = await rowOf('Aina Rahman');
    await waitFor(() => expect(aina.getByTestId('cp58-status').textContent).toBe(m.admin_cp58_status_changed()));
    const correct = aina.getByRole('button', { name: m.admin_cp58_issue_label({ name: 'Aina Rahman' }) });
    expect(correct.textContent).toBe(m.admin_cp58_issue_correction());
    fireEvent.click(correct);
    expect(
      await screen.findByText(m.admin_cp58_issued_toast({ issued: '1', unchanged: '0', skipped: '0' })),
    ).toBeTruthy();
    await waitFor(() => expect(aina.getAllByTestId('cp58-version')).toHaveLength(2));
    const [latest] = aina.getAllByTestId('cp58-version');
    expect(latest?.textContent).toContain('Version 2,');
    expect(latest?.textContent).toContain(m.admin_cp58_corrects({ version: '1' }));
    expect(aina.getByTestId('cp58-status').textContent).toBe(m.admin_cp58_status_issued());
  });

  it('moves to another year, which has nobody to list', async () => {
    const { router } = renderAppAt('/admin/paperwork?year=2025');
    await list();
    fireEvent.change(screen.getByLabelText(m.admin_cp58_year()), { target: { value: '2024' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ year: 2024 }));
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toMatch(/^Nobody to list for 2024: no recruiter was paid more than (MYR|RM)\s?5,000\.00/);
  });
});
