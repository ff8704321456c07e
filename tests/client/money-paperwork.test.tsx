import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { clearToasts, getToasts } from '#src/components/toast/toast-store.ts';
import { clearAuthTokens } from '#src/lib/auth-session.ts';
import { formatMoney } from '#src/lib/format.ts';
import { m } from '#src/paraglide/messages.js';
import { readPayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { insertPayment } from '#tests/server/helpers/money-rows.ts';
import { insertReferral, insertTalent, insertTask } from '#tests/server/helpers/rows.ts';
import { inProcessApiForFile } from './helpers/in-process-api';
import { renderAppAt } from './helpers/render-app';

// Issue 46's screens against the real API in-process: the recruiter's details for Form CP58 on Account,
// the yearly statement on Earnings, section 107D withholding in Admin › Payments, and a recruiter's tax
// form details and statement in Admin › Manage recruiters. The API's clock reads November 2026.
const server = inProcessApiForFile();
const NOW = Date.parse('2026-11-22T02:00:00.000Z');
const db = () => server.db;
const rows = () => ({ db: db(), clock: { now: () => new Date(NOW) } });
const userId = async (email: string) =>
  (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

let adminEmail: string;
let ainaEmail: string; // paid RM100,000.01 in 2025: marked for 2026
let benEmail: string; // paid in 2025 only
let aina: number;
let ben: number;
let task: number;
let withheldPayment: number;

const PAYEE = {
  fullName: 'AINA BINTI RAHMAN',
  idType: 'MYKAD',
  idNumber: '900615-14-5071',
  taxNumber: 'IG2048135709',
  address: { line1: 'No. 12, Jalan Setiawangsa 9', postcode: '54200', city: 'Kuala Lumpur', state: 'KUALA_LUMPUR' },
};

async function approved(recruiterId: number, amount: number, name = 'Siti Aminah') {
  return insertReferral(rows(), await insertTalent(rows(), recruiterId, { full_name: name }), task, {
    consent_status: 'CONFIRMED',
    reward_status: 'APPROVED',
    reward_amount: amount,
    reward_currency: 'MYR',
    reward_decided_at: new Date(NOW).toISOString(),
  });
}

/** A call to the in-process API as `email`, as another device would make it. */
async function as(email: string, method: string, path: string, json?: unknown) {
  const { accessToken } = await server.sessionOf(email);
  const res = await server.app.request(path, {
    method,
    headers: { authorization: `Bearer ${accessToken}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = (await res.json()) as { data: { id: number } };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

beforeAll(async () => {
  adminEmail = await server.createUser({ roles: ['ROLE_ADMIN'], fullName: 'Nur Admin' });
  ainaEmail = await server.createUser({ fullName: 'Aina Rahman' });
  benEmail = await server.createUser({ fullName: 'Ben Tan' });
  aina = await userId(ainaEmail);
  ben = await userId(benEmail);
  const adminId = await userId(adminEmail);
  await server.setPayout(aina, { bankName: 'Maybank', accountName: 'Aina Rahman', accountNumber: '114455667788' });
  task = await insertTask(rows(), { title: 'Route Planner', code: 'T-000107' });
  // 2025 in Kuala Lumpur: Aina is paid RM100,000.01, Ben RM500.00.
  await insertPayment(rows(), {
    recruiterId: aina,
    createdBy: adminId,
    referralIds: [await approved(aina, 10_000_000, 'Lim Wei')],
    paidAt: '2025-06-10T04:00:00.000Z',
    reference: 'MBB-2025-0001',
  });
  await insertPayment(rows(), {
    recruiterId: aina,
    createdBy: adminId,
    referralIds: [await approved(aina, 1, 'Tan Mei Ling')],
    paidAt: '2025-12-31T15:00:00.000Z',
    reference: 'MBB-2025-0002',
  });
  await insertPayment(rows(), {
    recruiterId: ben,
    createdBy: adminId,
    referralIds: [await approved(ben, 50_000, 'Ravi Chandran')],
    paidAt: '2025-03-03T04:00:00.000Z',
    reference: 'CIMB-2025-0009',
  });
  // 2026: a payment to Aina, created through the API (2% withheld), paid on 20 November.
  const made = await as(adminEmail, 'POST', '/api/admin/payments', {
    recruiterId: aina,
    referralIds: [await approved(aina, 12_345, 'Nur Hidayah')],
  });
  withheldPayment = made.id;
  await as(adminEmail, 'POST', `/api/admin/payments/${made.id}/pay`, {
    reference: 'MBB-2026-0107',
    paidAt: '2026-11-20T02:00:00.000Z',
  });
});

beforeEach(() => {
  clearAuthTokens();
  clearToasts();
  server.advance(60 * 60_000); // a fresh rate-limit window, and fresh tokens per test
});
afterEach(() => cleanup());

/** Downloads land here: happy-dom has no object URLs, and the click would follow the link. */
function captureDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  const create = URL.createObjectURL;
  const revoke = URL.revokeObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    saved.push({ blob, name: '' });
    return 'blob:download';
  };
  URL.revokeObjectURL = () => undefined;
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const last = saved.at(-1);
    if (last) last.name = this.download;
  });
  onTestFinished(() => {
    click.mockRestore();
    URL.createObjectURL = create;
    URL.revokeObjectURL = revoke;
  });
  return saved;
}

/** An amount as the screen reads to a query by text (which sees a no-break space as a space). */
const shown = (minor: number, currency: string) => formatMoney(minor, currency).replace(/\s/g, ' ');
const toastMessages = () => getToasts().map((toast) => toast.message);
const input = (scope: ReturnType<typeof within>, label: string) => scope.getByLabelText(label) as HTMLInputElement;

describe('the recruiter’s details for Form CP58, on Account', () => {
  it('says why they are asked where they are typed, refuses a bad MyKad and postcode by field, and keeps everything typed', async () => {
    await server.signIn(ainaEmail);
    renderAppAt('/account');
    const card = within(await screen.findByRole('region', { name: 'Details for your tax form (CP58)' }));
    expect(card.getByTestId('payee-reason').textContent).toContain('more than RM5,000');
    expect(card.getByTestId('payee-reason').textContent).toContain('Only you and our admins can see them');
    fireEvent.click(await card.findByRole('button', { name: 'Add details' }));

    fireEvent.change(input(card, 'Full name as on the identity card'), { target: { value: PAYEE.fullName } });
    fireEvent.change(input(card, 'MyKad number'), { target: { value: '901315-14-5071' } }); // month 13
    fireEvent.change(input(card, 'Income tax number (optional)'), { target: { value: PAYEE.taxNumber } });
    fireEvent.change(input(card, 'Address line 1'), { target: { value: PAYEE.address.line1 } });
    fireEvent.change(input(card, 'Postcode'), { target: { value: '5420' } });
    fireEvent.change(input(card, 'Town or city'), { target: { value: PAYEE.address.city } });
    fireEvent.change(card.getByLabelText('State or federal territory'), { target: { value: 'KUALA_LUMPUR' } });
    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    expect(await card.findByText(m.payee_field_mykad_invalid())).toBeTruthy();
    expect(card.getByText('Enter the 5-digit postcode.')).toBeTruthy();
    expect(input(card, 'Full name as on the identity card').value).toBe(PAYEE.fullName);
    expect(input(card, 'Address line 1').value).toBe(PAYEE.address.line1);

    // A passport holder's number is checked as a passport's.
    fireEvent.click(card.getByLabelText('Passport'));
    expect(input(card, 'Passport number').value).toBe('901315-14-5071');
    fireEvent.click(card.getByLabelText('MyKad (identity card)'));
    fireEvent.change(input(card, 'MyKad number'), { target: { value: PAYEE.idNumber } });
    fireEvent.change(input(card, 'Postcode'), { target: { value: '54200' } });

    // The network fails: the reason is said, nothing typed is lost.
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (request: Request) => {
      if (new URL(request.url).pathname === '/api/account/payee' && request.method === 'PUT')
        throw new TypeError('Failed to fetch');
      return server.fetch(request);
    });
    try {
      fireEvent.click(card.getByRole('button', { name: 'Save' }));
      expect(await card.findByRole('alert')).toBeTruthy();
    } finally {
      vi.stubGlobal('fetch', realFetch);
    }
    expect(input(card, 'MyKad number').value).toBe(PAYEE.idNumber);
    expect(input(card, 'Postcode').value).toBe('54200');
    expect((card.getByLabelText('State or federal territory') as HTMLSelectElement).value).toBe('KUALA_LUMPUR');

    fireEvent.click(card.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastMessages()).toContain('Your tax form details have been saved.'));
    const summary = within(await card.findByTestId('payee-summary'));
    expect(summary.getByText('900615-14-5071')).toBeTruthy();
    expect(summary.getByText('IG2048135709')).toBeTruthy();
    expect(summary.getByText('Kuala Lumpur (federal territory)')).toBeTruthy();
    // Sealed at rest: the row holds no number as typed; it opens to the compact one.
    const row = await db().selectFrom('payees').select('sealed').where('user_id', '=', aina).executeTakeFirstOrThrow();
    expect(row.sealed).not.toContain('900615');
    expect((await readPayee(db(), sealingKeysOf(server.env), aina))?.idNumber).toBe('900615145071');
  });

  it('says what is wrong in Malay, beside the field, for a Malay reader', async () => {
    await server.signIn(benEmail);
    const before = window.location.href;
    window.history.replaceState(null, '', '/ms/account');
    try {
      renderAppAt('/account');
      const card = within(await screen.findByRole('region', { name: 'Butiran untuk borang cukai anda (CP58)' }));
      fireEvent.click(await card.findByRole('button', { name: 'Tambah butiran' }));
      fireEvent.change(input(card, 'Nombor MyKad'), { target: { value: '12345' } });
      fireEvent.change(input(card, 'Nombor cukai pendapatan (pilihan)'), { target: { value: '123' } });
      fireEvent.click(card.getByRole('button', { name: 'Simpan' }));
      expect(await card.findByText(/Ini bukan nombor MyKad/)).toBeTruthy();
      expect(card.getByText(/Masukkan nombor cukai pendapatan seperti IG12345678090/)).toBeTruthy();
      expect(card.getAllByText('Ruangan ini wajib diisi.').length).toBeGreaterThan(0);
    } finally {
      window.history.replaceState(null, '', before);
    }
  });

  it('is not asked of an admin, who is never paid', async () => {
    await server.signIn(adminEmail);
    renderAppAt('/account');
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    await screen.findByRole('region', { name: 'Payout details' });
    expect(screen.queryByRole('region', { name: 'Details for your tax form (CP58)' })).toBeNull();
  });
});

describe('the yearly statement, on Earnings', () => {
  it('shows the last year paid when nothing is paid this year yet, with its payments, referrals and total', async () => {
    await server.signIn(benEmail);
    renderAppAt('/earning');
    const statement = within(await screen.findByRole('region', { name: 'Yearly statement' }));
    await waitFor(() => expect((statement.getByLabelText('Year') as HTMLSelectElement).value).toBe('2025'));
    const payment = within(await statement.findByTestId('statement-payment'));
    expect(payment.getByText('Ravi Chandran')).toBeTruthy();
    expect(payment.getByText('Bank reference: CIMB-2025-0009')).toBeTruthy();
    expect(statement.getByTestId('statement-total').textContent).toContain(formatMoney(50_000, 'MYR'));
    expect(statement.queryByTestId('statement-total-withheld')).toBeNull();

    // Paid RM5,000 or less: the form is given on request, from the statement.
    const cp58 = within(await statement.findByTestId('statement-cp58'));
    expect(cp58.getByText(/your Form CP58 is given on request/)).toBeTruthy();
    fireEvent.click(cp58.getByRole('button', { name: 'Request my CP58' }));
    await waitFor(() =>
      expect(toastMessages()).toContain('Your request has been sent. We will tell you when your CP58 is ready.'),
    );
    expect((await cp58.findByTestId('statement-cp58-asked')).textContent).toMatch(/^You asked for your Form CP58 on /);
    expect(cp58.queryByRole('button', { name: 'Request my CP58' })).toBeNull();
    const requests = await db().selectFrom('cp58_requests').select(['recruiter_id', 'year']).execute();
    expect(requests).toEqual([{ recruiter_id: ben, year: 2025 }]);
  });

  it('says a recruiter paid over the threshold gets their CP58 unasked', async () => {
    await server.signIn(ainaEmail);
    renderAppAt('/earning?statementYear=2025');
    const statement = within(await screen.findByRole('region', { name: 'Yearly statement' }));
    const cp58 = within(await statement.findByTestId('statement-cp58'));
    expect(cp58.getByText(/so your Form CP58 is prepared for you by 31 March 2026/)).toBeTruthy();
    expect(cp58.queryByRole('button', { name: 'Request my CP58' })).toBeNull();
  });

  it('shows the 2% withheld and the net, per payment and for the year, and downloads the PDF in my language', async () => {
    const saved = captureDownloads();
    await server.signIn(ainaEmail);
    const { router } = renderAppAt('/earning?statementYear=2026');
    const statement = within(await screen.findByRole('region', { name: 'Yearly statement' }));
    const payment = within(await statement.findByTestId('statement-payment'));
    expect(payment.getByText('Nur Hidayah')).toBeTruthy();
    expect(payment.getByTestId('statement-payment-withheld').textContent).toContain('(2%)');
    expect(payment.getByTestId('statement-payment-withheld').textContent).toContain(formatMoney(247, 'MYR'));
    expect(payment.getByText(shown(12_098, 'MYR'))).toBeTruthy();
    expect(statement.getByTestId('statement-total-withheld').textContent).toBe(
      `Withheld under section 107D: ${formatMoney(247, 'MYR')} · net paid: ${formatMoney(12_098, 'MYR')}`,
    );
    // My payments say it too.
    const mine = within(screen.getByRole('list', { name: 'My payments' }));
    expect(mine.getByTestId('earning-payment-withheld').textContent).toBe(
      `2% withheld under section 107D: ${formatMoney(247, 'MYR')} · net paid: ${formatMoney(12_098, 'MYR')}`,
    );

    fireEvent.click(statement.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`statement-2026-${aina}.pdf`);
    const bytes = new Uint8Array(await (saved[0] as { blob: Blob }).blob.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');

    // Another year, from the years I was paid.
    const years = statement.getByLabelText('Year') as HTMLSelectElement;
    expect([...years.options].map((option) => option.value)).toEqual(['2026', '2025']);
    fireEvent.change(years, { target: { value: '2025' } });
    await waitFor(() => expect(router.state.location.search).toMatchObject({ statementYear: 2025 }));
    await waitFor(() => expect(statement.getAllByTestId('statement-payment')).toHaveLength(2));
    expect(statement.getByTestId('statement-total').textContent).toContain(formatMoney(10_000_001, 'MYR'));
  });
});

describe('section 107D in Admin › Payments', () => {
  it('shows the gross, the 2% withheld and the net before the payment is created, and in its detail', async () => {
    await approved(aina, 100_000, 'Arun Kumar');
    await server.signIn(adminEmail);
    renderAppAt('/admin/payments');
    fireEvent.click(await screen.findByRole('button', { name: 'New payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New payment' }));
    fireEvent.change(await dialog.findByLabelText('Recruiter'), { target: { value: String(aina) } });
    expect(dialog.getByTestId('payment-withholding-reason').textContent).toBe(
      `Section 107D: Aina Rahman was paid ${formatMoney(10_000_001, 'MYR')} in 2025, more than ${formatMoney(10_000_000, 'MYR')}, so 2% of every payment to them this year is withheld and remitted to the Inland Revenue Board. Transfer the net.`,
    );
    const amounts = within(dialog.getByTestId('payment-withholding'));
    expect(amounts.getByText(shown(100_000, 'MYR'))).toBeTruthy();
    expect(amounts.getByText(`−${shown(2_000, 'MYR')}`)).toBeTruthy();
    expect(amounts.getByText(shown(98_000, 'MYR'))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Create payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const made = await db()
      .selectFrom('payments')
      .select(['id', 'amount', 'withheld_amount', 'net_amount'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect([Number(made.amount), Number(made.withheld_amount), Number(made.net_amount)]).toEqual([
      100_000, 2_000, 98_000,
    ]);
    const table = within(await screen.findByRole('table', { name: 'Payments' }));
    await waitFor(() => expect(table.getAllByTestId('payment-withheld').length).toBeGreaterThan(0));
    fireEvent.click(table.getByRole('button', { name: `Open payment #${made.id}` }));
    const detail = within(await screen.findByTestId('payment-detail-withholding'));
    expect(detail.getByText('Withheld under section 107D (2%)')).toBeTruthy();
    expect(detail.getByText(shown(98_000, 'MYR'))).toBeTruthy();
  });

  it('lists the month’s amounts withheld with the payee’s numbers and the day to remit by, and exports them', async () => {
    await as(ainaEmail, 'PUT', '/api/account/payee', PAYEE);
    const saved = captureDownloads();
    await server.signIn(adminEmail);
    renderAppAt('/admin/payments?view=withholding&month=2026-11');
    expect(await screen.findByRole('heading', { name: 'Amounts withheld under section 107D' })).toBeTruthy();
    const list = within(await screen.findByRole('table', { name: /Amounts withheld in/ }));
    const row = within(list.getByTestId('withholding-row'));
    expect(row.getByText('AINA BINTI RAHMAN')).toBeTruthy();
    expect(row.getByText(/900615-14-5071/)).toBeTruthy();
    expect(row.getByText(/IG2048135709/)).toBeTruthy();
    expect(row.getByText('MBB-2026-0107')).toBeTruthy();
    expect(row.getByTestId('withholding-withheld').textContent).toBe(formatMoney(247, 'MYR'));
    // Paid 20 November (Malaysia time): remit by 20 December.
    expect(row.getByTestId('withholding-remit-by').textContent).toMatch(/20 Dec 2026|Dec 20, 2026/);
    expect(screen.getByTestId('withholding-total').textContent).toContain(formatMoney(247, 'MYR'));
    expect(screen.getByText('Aina Rahman', { selector: '[data-testid="withholding-mark"] span' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('withholding-107d-2026-11.csv');
    const csv = await (saved[0] as { blob: Blob }).blob.text();
    expect(csv).toContain(
      `${withheldPayment},"2026-11-20","2026-12-20",Aina Rahman,AINA BINTI RAHMAN,MYKAD,900615145071`,
    );
  });
});

describe('a recruiter’s tax form details and statement, in Admin › Manage recruiters', () => {
  it('shows the details only when asked, each time in the access record, and the statement with its PDF', async () => {
    await as(ainaEmail, 'PUT', '/api/account/payee', PAYEE);
    const saved = captureDownloads();
    const views = async () =>
      (
        await db()
          .selectFrom('access_log')
          .select('id')
          .where('action', '=', 'PAYEE_VIEW')
          .where('subject_id', '=', aina)
          .where('detail', 'not like', '%WITHHOLDING%')
          .execute()
      ).length;
    const before = await views();
    await server.signIn(adminEmail);
    renderAppAt(`/admin/manage-task/recruiter-${aina}/paperwork?year=2026`);
    const panel = within(await screen.findByTestId('recruiter-tax-details'));
    expect(screen.getByRole('link', { name: 'Tax and statement' }).getAttribute('aria-current')).toBe('page');
    const statement = within(await screen.findByRole('region', { name: 'Yearly statement' }));
    await statement.findByTestId('statement-payment');
    expect(panel.queryByTestId('payee-summary')).toBeNull();
    expect(await views()).toBe(before);

    fireEvent.click(panel.getByRole('button', { name: 'Show tax form details' }));
    const summary = within(await panel.findByTestId('payee-summary'));
    expect(summary.getByText('AINA BINTI RAHMAN')).toBeTruthy();
    expect(summary.getByText('900615-14-5071')).toBeTruthy();
    expect(await views()).toBe(before + 1);

    expect(statement.getByTestId('statement-total-withheld').textContent).toContain(formatMoney(247, 'MYR'));
    fireEvent.click(statement.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`statement-2026-${aina}.pdf`);
  });

  it('says when a recruiter has not given their details yet', async () => {
    await server.signIn(adminEmail);
    renderAppAt(`/admin/manage-task/recruiter-${ben}/paperwork`);
    const panel = within(await screen.findByTestId('recruiter-tax-details'));
    fireEvent.click(panel.getByRole('button', { name: 'Show tax form details' }));
    expect((await panel.findByTestId('recruiter-tax-none')).textContent).toBe(
      'This recruiter has not given their tax form details yet.',
    );
  });
});
