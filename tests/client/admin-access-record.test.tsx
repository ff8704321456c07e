import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accessLogQuery } from '#src/features/admin-access-record/api.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { displayTimeZone, setDisplayTimeZone } from '#src/lib/format.ts';
import { recordAccess } from '#src/server/personal-data/access-log.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Admin › Access record against the real API in-process: where personal data goes, then the record of
// who saw what, newest first, in the admin's zone, narrowed by action and by who did it.
const server = inProcessApiForFile();
const HOUR = 60 * 60_000;
const T0 = Date.parse('2026-11-22T02:00:00.000Z'); // 11:00 in Tokyo

let adminEmail: string;
let ainaId: number;

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  const ainaEmail = await server.createUser({ fullName: 'Aina Rahman' });
  const idOf = async (email: string) =>
    (await server.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const adminId = await idOf(adminEmail);
  // The admin reads times in their own zone (their account setting), not the default Kuala Lumpur.
  await server.db.updateTable('users').set({ timezone: 'Asia/Tokyo' }).where('id', '=', adminId).execute();
  ainaId = await idOf(ainaEmail);
  const ua = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile';
  await recordAccess(server.db, new Date(T0), {
    actorId: ainaId,
    actorKind: 'RECRUITER',
    action: 'FILE_DOWNLOAD',
    subjectKind: 'FILE',
    subjectId: 11,
    talentId: 5,
    detail: { purpose: 'RESUME' },
    ip: '60.54.12.34',
    userAgent: ua,
  });
  await recordAccess(server.db, new Date(T0 + HOUR), {
    actorId: adminId,
    actorKind: 'ADMIN',
    action: 'FILE_VIEW',
    subjectKind: 'FILE',
    subjectId: 12,
    talentId: 5,
    detail: { purpose: 'CALL_PROOF' },
    ip: '203.0.113.7',
    userAgent: ua,
  });
  await recordAccess(server.db, new Date(T0 + 2 * HOUR), {
    actorId: adminId,
    actorKind: 'ADMIN',
    action: 'PAYMENTS_EXPORT',
    subjectKind: 'PAYMENTS',
    detail: { rows: 3, filter: 'ALL', recruiterId: null },
    ip: '203.0.113.7',
  });
  await recordAccess(server.db, new Date(T0 + 3 * HOUR), {
    actorId: null,
    actorKind: 'SYSTEM',
    action: 'RETENTION_ANONYMISE',
    subjectKind: 'TALENT',
    subjectId: 6,
    talentId: 6,
  });
});

beforeEach(async () => {
  clearAuthTokens();
  server.advance(HOUR); // a fresh rate-limit window
  await server.signIn(adminEmail);
});
afterEach(() => cleanup());

const recordTable = async () => within(await screen.findByRole('table', { name: 'Access record' }));
const rowTexts = async () => {
  const table = await recordTable();
  return table.getAllByTestId('access-record-row').map((row) => row.textContent ?? '');
};

describe('the access record screen', () => {
  it('says where personal data goes, and that it all stays on this server by default', async () => {
    renderAppAt('/admin/access-record');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Record' })).toBeTruthy();
    const panel = within(await screen.findByTestId('data-locations'));
    expect(panel.getByRole('heading', { name: 'Where personal data goes' })).toBeTruthy();
    await waitFor(() => expect(panel.getAllByTestId('data-location-leaves')).toHaveLength(5));
    expect(panel.getAllByTestId('data-location-leaves').map((b) => b.textContent)).toEqual(
      Array(5).fill('Stays on this server'),
    );
    expect(
      within(panel.getByTestId('data-location-push')).getByText('No device has push notifications turned on.'),
    ).toBeTruthy();
    expect(within(panel.getByTestId('data-location-files')).getByText("Kept on this server's own disk.")).toBeTruthy();
    expect(
      within(panel.getByTestId('data-location-ai')).getByText('Built in: runs on this server and sends nothing out.'),
    ).toBeTruthy();
    expect(within(panel.getByTestId('data-location-database')).getByText(/SQLite/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Access Record' })).toBeTruthy();
  });

  it('lists every line newest first, named and in the admin’s zone', async () => {
    renderAppAt('/admin/access-record');
    const rows = await rowTexts();
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('Anonymised at the end of the retention period');
    expect(rows[0]).toContain('System');
    expect(rows[0]).toContain("Talent #6's data");
    expect(rows[1]).toContain('Exported payments (CSV)');
    expect(rows[1]).toContain('Payments CSV, 3 rows');
    expect(rows[2]).toContain('Viewed a file');
    expect(rows[2]).toContain('Call proof #12');
    expect(rows[2]).toContain('Nur Admin');
    expect(rows[3]).toContain('Downloaded a file');
    expect(rows[3]).toContain('CV #11');
    expect(rows[3]).toContain('Aina Rahman');
    expect(rows[3]).toContain('Talent #5');
    expect(rows[3]).toContain('60.54.12.34');
    // 02:00 UTC is 11:00 in Tokyo, the admin's zone.
    const table = await recordTable();
    const when = table.getAllByTestId('access-record-when').map((cell) => cell.textContent ?? '');
    expect(when[3]).toBe('Nov 22, 2026, 11:00 AM');
    expect(when[0]).toBe('Nov 22, 2026, 2:00 PM');
  });

  it('narrows the list to one action, and to what one person did', async () => {
    const { router } = renderAppAt('/admin/access-record');
    await rowTexts();
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'FILE_DOWNLOAD' } });
    await waitFor(async () => expect(await rowTexts()).toHaveLength(1));
    expect((await rowTexts())[0]).toContain('Aina Rahman');
    expect(router.state.location.search).toMatchObject({ action: 'FILE_DOWNLOAD' });

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: '' } });
    await waitFor(async () => expect(await rowTexts()).toHaveLength(4));
    const table = await recordTable();
    fireEvent.click(table.getAllByRole('button', { name: 'Nur Admin' })[0] as HTMLElement);
    await waitFor(async () => expect(await rowTexts()).toHaveLength(2));
    expect(screen.getByTestId('access-record-actor-filter').textContent).toContain('By Nur Admin');
    fireEvent.click(screen.getByRole('button', { name: "Show everyone's access" }));
    await waitFor(async () => expect(await rowTexts()).toHaveLength(4));

    fireEvent.click((await recordTable()).getAllByRole('button', { name: 'Talent #6' })[0] as HTMLElement);
    await waitFor(async () => expect(await rowTexts()).toHaveLength(1));
    expect((screen.getByLabelText('Talent ID') as HTMLInputElement).value).toBe('6');
  });

  it('offers to clear filters that match nothing', async () => {
    renderAppAt(`/admin/access-record?actorId=${ainaId}&action=PAYMENTS_EXPORT`);
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await rowTexts()).toHaveLength(4);
  });
});

describe('the days the admin picks', () => {
  it('become the moments those days start and end in the admin’s zone', () => {
    const before = displayTimeZone();
    setDisplayTimeZone('Asia/Tokyo');
    try {
      const search = { action: '', from: '2026-11-23', to: '2026-11-30', page: 2, pageSize: 20 } as const;
      expect(accessLogQuery({ ...search, actorId: undefined, talentId: 6 })).toEqual({
        page: '2',
        pageSize: '20',
        talentId: '6',
        from: '2026-11-22T15:00:00.000Z',
        // The whole last day: up to the start of the next one.
        to: '2026-11-30T15:00:00.000Z',
      });
    } finally {
      setDisplayTimeZone(before);
    }
  });
});
