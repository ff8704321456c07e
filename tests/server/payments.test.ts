import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RewardDecided } from '#src/shared/admin-referral-types.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { PayableRecruiter, PaymentCancelled, PaymentDetail, PaymentRow } from '#src/shared/payment-types.ts';
import {
  adminCaller,
  type Caller,
  call,
  caller,
  consentedReferral,
  emailsOf,
  historyOf,
  ok,
  referralRow,
} from './helpers/money-fixtures';
import { insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const BASE = '/api/admin/payments';

/** RFC 4180 read back: quoted fields, doubled quotes, CRLF or LF line ends; the BOM is dropped. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && input[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

describe.each(DIALECTS)('payments on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let recruiter: Caller;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    recruiter = await caller(t, { email: 'rina@example.com', locale: 'zh' });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A referral of the recruiter's approved through the API (amount fixed from the task). */
  async function approved(recruiterId = recruiter.id, task: { reward_amount?: number; reward_currency?: string } = {}) {
    const taskId = await insertTask(t, { quota: 100, ...task });
    const id = await consentedReferral(t, recruiterId, taskId);
    const decided = await ok<RewardDecided>(
      call(t, admin, 'POST', `/api/admin/referrals/${id}/reward`, { decision: 'APPROVED' }),
    );
    expect(decided.rewardStatus).toBe('APPROVED');
    return id;
  }
  const create = (recruiterId: number, referralIds: number[]) =>
    call(t, admin, 'POST', BASE, { recruiterId, referralIds });
  const created = async (recruiterId: number, referralIds: number[]) =>
    ok<PaymentDetail>(create(recruiterId, referralIds), 201);
  const pay = (id: number, json: unknown = { reference: 'MBB-2026-001', paidAt: t.clock.now().toISOString() }) =>
    call(t, admin, 'POST', `${BASE}/${id}/pay`, json);
  const cancel = (id: number) => call(t, admin, 'POST', `${BASE}/${id}/cancel`);
  const list = (query = '') => ok<ListPage<PaymentRow>>(call(t, admin, 'GET', `${BASE}${query ? `?${query}` : ''}`));

  describe('authorization', () => {
    it('answers every call to an admin only: 401 anonymous, 403 recruiter', async () => {
      const ids = [await approved(), await approved(), await approved()];
      const paid = await created(recruiter.id, [ids[0] as number]);
      const toCancel = await created(recruiter.id, [ids[1] as number]);
      const calls: Array<[string, string, unknown, number]> = [
        ['GET', '', undefined, 200],
        ['GET', '?filter=PAID', undefined, 200],
        ['GET', '/payable', undefined, 200],
        ['GET', '/export.csv?filter=ALL', undefined, 200],
        ['GET', `/${paid.id}`, undefined, 200],
        ['POST', '', { recruiterId: recruiter.id, referralIds: [ids[2]] }, 201],
        ['POST', `/${paid.id}/pay`, { reference: 'REF-1', paidAt: t.clock.now().toISOString() }, 200],
        ['POST', `/${toCancel.id}/cancel`, undefined, 200],
      ];
      for (const [method, path, json, status] of calls) {
        expect((await call(t, null, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(401);
        expect((await call(t, recruiter, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(403);
        expect((await call(t, admin, method, `${BASE}${path}`, json)).status, `${method} ${path}`).toBe(status);
      }
    });
  });

  describe('what can be paid', () => {
    it('lists per recruiter their APPROVED referrals in no payment, with sums per currency', async () => {
      const omar = await caller(t, { email: 'omar@example.com' });
      await t.db.updateTable('users').set({ full_name: 'Omar' }).where('id', '=', omar.id).execute();
      await t.db.updateTable('users').set({ full_name: 'Rina' }).where('id', '=', recruiter.id).execute();
      await t.setPayout(recruiter.id, {
        bankName: 'Maybank',
        accountName: 'Rina Salleh',
        accountNumber: '1140 2233 4455',
      });
      const r1 = await approved(recruiter.id, { reward_amount: 10_000 });
      const r2 = await approved(recruiter.id, { reward_amount: 2_550 });
      const r3 = await approved(recruiter.id, { reward_amount: 3_000, reward_currency: 'SGD' });
      const inPayment = await approved(recruiter.id);
      await created(recruiter.id, [inPayment]);
      const o1 = await approved(omar.id, { reward_amount: 7_000 });
      // Not approved: not payable.
      await consentedReferral(t, recruiter.id, await insertTask(t));

      const payable = await ok<PayableRecruiter[]>(call(t, admin, 'GET', `${BASE}/payable`));
      expect(payable.map((p) => p.recruiterName)).toEqual(['Omar', 'Rina']);
      const rina = payable[1] as PayableRecruiter;
      expect(rina.payout).toEqual({
        bankName: 'Maybank',
        bankAccountName: 'Rina Salleh',
        bankAccountNumber: '1140 2233 4455',
      });
      expect(rina.totals).toEqual([
        { currency: 'MYR', amount: 12_550, count: 2 },
        { currency: 'SGD', amount: 3_000, count: 1 },
      ]);
      expect(rina.referrals.map((r) => r.id)).toEqual([r1, r2, r3]);
      expect(rina.referrals[0]).toMatchObject({ rewardStatus: 'APPROVED', amount: 10_000, currency: 'MYR' });
      expect(payable[0]?.referrals.map((r) => r.id)).toEqual([o1]);

      const onlyOmar = await ok<PayableRecruiter[]>(call(t, admin, 'GET', `${BASE}/payable?recruiterId=${omar.id}`));
      expect(onlyOmar.map((p) => p.recruiterId)).toEqual([omar.id]);
    });
  });

  describe('creating a payment', () => {
    it('batches a recruiter’s approved referrals as a PENDING payment of their sum; they become PENDING_PAYMENT', async () => {
      const a = await approved(recruiter.id, { reward_amount: 10_000 });
      const b = await approved(recruiter.id, { reward_amount: 5_050 });
      t.clock.advance(MINUTE);
      const payment = await created(recruiter.id, [a, b, a]);
      expect(payment).toMatchObject({
        recruiterId: recruiter.id,
        recruiterEmail: 'rina@example.com',
        amount: 15_050,
        currency: 'MYR',
        status: 'PENDING',
        reference: null,
        paidAt: null,
        referralCount: 2,
        createdBy: { id: admin.id },
        createdAt: t.clock.now().toISOString(),
      });
      expect(payment.referrals.map((r) => [r.id, r.rewardStatus, r.amount])).toEqual([
        [a, 'PENDING_PAYMENT', 10_000],
        [b, 'PENDING_PAYMENT', 5_050],
      ]);
      for (const id of [a, b]) {
        expect(await referralRow(t, id)).toMatchObject({ reward_status: 'PENDING_PAYMENT', payment_id: payment.id });
        expect((await historyOf(t, id)).at(-1)).toMatchObject({
          actor_id: admin.id,
          action: 'REWARD_CHANGED',
          from_value: 'APPROVED',
          to_value: 'PENDING_PAYMENT',
          note: `Payment #${payment.id}`,
          created_at: t.clock.now().toISOString(),
        });
      }
      const payable = await ok<PayableRecruiter[]>(call(t, admin, 'GET', `${BASE}/payable`));
      expect(payable).toEqual([]);
      // The recruiter sees the referral's new state.
      const detail = await ok<{ rewardStatus: string }>(call(t, recruiter, 'GET', `/api/recruiter/talent-task/${a}`));
      expect(detail.rewardStatus).toBe('PENDING_PAYMENT');
    });

    it('refuses mixing currencies in one payment', async () => {
      const myr = await approved(recruiter.id);
      const sgd = await approved(recruiter.id, { reward_currency: 'SGD' });
      const res = await create(recruiter.id, [myr, sgd]);
      expect(res.status).toBe(409);
      expect(res.body.error.fields).toEqual({ referralIds: 'payment_mixed_currency' });
      expect(res.body.error.message).toContain('MYR and SGD');
      expect((await referralRow(t, myr)).reward_status).toBe('APPROVED');
      expect(await t.db.selectFrom('payments').selectAll().execute()).toEqual([]);
    });

    it('refuses referrals that are not the recruiter’s, not APPROVED, already in a payment, or unknown', async () => {
      const omar = await caller(t, { email: 'omar@example.com' });
      const mine = await approved();
      const omars = await approved(omar.id);
      const rejected = await consentedReferral(t, recruiter.id, await insertTask(t), {
        reward_status: 'REJECTED',
        reward_reason: 'No.',
      });
      const inReview = await consentedReferral(t, recruiter.id, await insertTask(t));
      const alreadyPaid = await approved();
      await created(recruiter.id, [alreadyPaid]);

      for (const other of [omars, rejected, inReview, alreadyPaid, 99_999]) {
        const res = await create(recruiter.id, [mine, other]);
        expect(res.status, String(other)).toBe(409);
        expect(res.body.error.fields).toEqual({ referralIds: 'payment_referral_not_payable' });
        expect(res.body.error.message).toContain(String(other));
      }
      expect((await referralRow(t, mine)).reward_status).toBe('APPROVED');
      expect((await create(99_999, [mine])).status).toBe(404);
      expect((await create(recruiter.id, [])).status).toBe(400);
    });

    it('puts a referral in one payment only, when two admins batch it at once', async () => {
      const second = await adminCaller(t, 'admin2@example.com');
      const ids = [await approved(), await approved()];
      const answers = await Promise.all([
        create(recruiter.id, ids),
        call(t, second, 'POST', BASE, { recruiterId: recruiter.id, referralIds: [...ids].reverse() }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
      expect(await t.db.selectFrom('payments').selectAll().execute()).toHaveLength(1);
    });
  });

  describe('paying a payment', () => {
    it('marks it PAID with its reference and date, its referrals PAID, and e-mails the recruiter', async () => {
      const a = await approved(recruiter.id, { reward_amount: 10_000 });
      const b = await approved(recruiter.id, { reward_amount: 2_500 });
      const payment = await created(recruiter.id, [a, b]);
      t.clock.advance(10 * MINUTE);
      const paidAt = new Date(t.clock.now().getTime() - 2 * 60 * MINUTE).toISOString();
      const paid = await ok<PaymentDetail>(pay(payment.id, { reference: '  MBB-2026-001 ', paidAt }));
      expect(paid).toMatchObject({
        status: 'PAID',
        reference: 'MBB-2026-001',
        paidAt,
        amount: 12_500,
        updatedAt: t.clock.now().toISOString(),
      });
      expect(paid.referrals.map((r) => r.rewardStatus)).toEqual(['PAID', 'PAID']);
      for (const id of [a, b]) {
        expect((await historyOf(t, id)).at(-1)).toMatchObject({
          actor_id: admin.id,
          from_value: 'PENDING_PAYMENT',
          to_value: 'PAID',
          note: 'MBB-2026-001',
        });
      }
      const [mail] = await emailsOf(t, 'payment_paid');
      expect(mail).toMatchObject({
        to_address: 'rina@example.com',
        locale: 'zh',
        payload: { amount: 12_500, currency: 'MYR', reference: 'MBB-2026-001', paidAt },
      });

      // PAID is final: no second payment, no cancellation, no new reward decision.
      const again = await pay(payment.id);
      expect(again.status).toBe(409);
      expect(again.body.error.fields).toEqual({ _: 'payment_not_pending' });
      expect((await cancel(payment.id)).status).toBe(409);
      const decision = await call(t, admin, 'POST', `/api/admin/referrals/${a}/reward`, {
        decision: 'REJECTED',
        reason: 'Too late.',
      });
      expect(decision.status).toBe(409);
      expect(await emailsOf(t, 'payment_paid')).toHaveLength(1);
    });

    it('requires a reference and a paid-at time not in the future', async () => {
      const payment = await created(recruiter.id, [await approved()]);
      const future = new Date(t.clock.now().getTime() + DAY).toISOString();
      const res = await pay(payment.id, { reference: 'X', paidAt: future });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ paidAt: 'paid_at_future' });
      expect((await pay(payment.id, { reference: '', paidAt: t.clock.now().toISOString() })).body.error.fields).toEqual(
        {
          reference: 'field_required',
        },
      );
      expect((await pay(payment.id, { reference: 'X', paidAt: 'yesterday' })).status).toBe(400);
      expect((await pay(999, { reference: 'X', paidAt: t.clock.now().toISOString() })).status).toBe(404);
      expect((await ok<PaymentDetail>(call(t, admin, 'GET', `${BASE}/${payment.id}`))).status).toBe('PENDING');
    });
  });

  describe('cancelling a payment', () => {
    it('sends a pending payment’s referrals back to APPROVED and removes the payment', async () => {
      const a = await approved(recruiter.id, { reward_amount: 4_000 });
      const payment = await created(recruiter.id, [a]);
      t.clock.advance(MINUTE);
      const cancelled = await ok<PaymentCancelled>(cancel(payment.id));
      expect(cancelled).toEqual({ paymentId: payment.id, referralIds: [a] });
      expect(await referralRow(t, a)).toMatchObject({
        reward_status: 'APPROVED',
        payment_id: null,
        reward_amount: 4_000,
      });
      expect((await historyOf(t, a)).at(-1)).toMatchObject({
        actor_id: admin.id,
        from_value: 'PENDING_PAYMENT',
        to_value: 'APPROVED',
        note: `Payment #${payment.id} cancelled`,
        created_at: t.clock.now().toISOString(),
      });
      expect((await call(t, admin, 'GET', `${BASE}/${payment.id}`)).status).toBe(404);
      // The recruiter, told the payment was on its way, is told it is not (and where to look).
      const told = await t.db
        .selectFrom('notifications')
        .select(['kind', 'path', 'payload'])
        .where('user_id', '=', recruiter.id)
        .orderBy('id')
        .execute();
      expect(told.map((item) => item.kind).slice(-2)).toEqual(['PAYMENT_CREATED', 'PAYMENT_CANCELLED']);
      expect(told.at(-1)).toMatchObject({ path: '/earning' });
      expect(JSON.parse(told.at(-1)?.payload ?? '{}')).toEqual({ amount: 4_000, currency: 'MYR' });
      expect((await cancel(payment.id)).status).toBe(404);
      // Payable again, and its decision can be corrected again.
      const payable = await ok<PayableRecruiter[]>(call(t, admin, 'GET', `${BASE}/payable`));
      expect(payable[0]?.referrals.map((r) => r.id)).toEqual([a]);
      const again = await created(recruiter.id, [a]);
      expect(again.amount).toBe(4_000);
    });
  });

  describe('the payments list and its export', () => {
    async function threePayments() {
      const omar = await caller(t, { email: 'omar@example.com' });
      await t.db.updateTable('users').set({ full_name: 'Lim "Ah" Kow, =SUM(A1)' }).where('id', '=', omar.id).execute();
      await t.setPayout(omar.id, { bankName: 'CIMB', accountName: null, accountNumber: '8001234567' });
      const p1 = await created(recruiter.id, [await approved(recruiter.id, { reward_amount: 123_456 })]);
      t.clock.advance(5 * MINUTE);
      const p2 = await created(omar.id, [await approved(omar.id, { reward_amount: 500, reward_currency: 'JPY' })]);
      t.clock.advance(5 * MINUTE);
      const p3 = await created(recruiter.id, [await approved(recruiter.id, { reward_amount: 7_000 })]);
      // Paid at 17:30 UTC: 01:30 the next day in Kuala Lumpur.
      await ok(pay(p2.id, { reference: 'JP-77', paidAt: '2026-11-21T17:30:00.000Z' }));
      return { omar, p1, p2, p3 };
    }

    it('filters ALL, PAID and PENDING, and by recruiter, newest first, in pages', async () => {
      const { omar, p1, p2, p3 } = await threePayments();
      const ids = async (query: string) => (await list(query)).items.map((p) => p.id);
      expect(await ids('')).toEqual([p3.id, p2.id, p1.id]);
      expect(await ids('filter=ALL')).toEqual([p3.id, p2.id, p1.id]);
      expect(await ids('filter=PAID')).toEqual([p2.id]);
      expect(await ids('filter=PENDING')).toEqual([p3.id, p1.id]);
      expect(await ids(`recruiterId=${omar.id}`)).toEqual([p2.id]);
      expect(await ids(`filter=PENDING&recruiterId=${omar.id}`)).toEqual([]);
      const second = await list('filter=ALL&pageSize=10&page=2');
      expect(second).toMatchObject({ items: [], total: 3, page: 2 });
      expect((await list('filter=PAID')).items[0]).toMatchObject({
        status: 'PAID',
        reference: 'JP-77',
        amount: 500,
        currency: 'JPY',
        referralCount: 1,
      });
      expect((await call(t, admin, 'GET', `${BASE}?filter=CANCELLED`)).status).toBe(400);
    });

    it("exports the filtered list as CSV that reads back as the database: major units, the admin's (Kuala Lumpur) time", async () => {
      await threePayments();
      for (const filter of ['ALL', 'PAID', 'PENDING'] as const) {
        const res = await call(t, admin, 'GET', `${BASE}/export.csv?filter=${filter}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toBe(
          `attachment; filename="payments-${filter.toLowerCase()}-${t.clock.now().toISOString().slice(0, 10)}.csv"`,
        );
        const [header, ...records] = parseCsv(res.text);
        expect(header).toEqual([
          'Payment ID',
          'Status',
          'Recruiter',
          'Recruiter e-mail',
          'Amount',
          'Currency',
          'Referrals',
          'Reference',
          'Created at (Asia/Kuala_Lumpur)',
          'Paid at (Asia/Kuala_Lumpur)',
          'Bank name',
          'Bank account name',
          'Bank account number',
          'Withholding rate (%)',
          'Withheld (s107D)',
          'Net paid',
        ]);

        const rows = await t.db
          .selectFrom('payments')
          .innerJoin('users', 'users.id', 'payments.recruiter_id')
          .select([
            'payments.id',
            'payments.status',
            'payments.amount',
            'payments.currency',
            'payments.reference',
            'payments.created_at',
            'payments.paid_at',
            'users.full_name',
            'users.email',
          ])
          .$if(filter !== 'ALL', (q) => q.where('payments.status', '=', filter as 'PAID' | 'PENDING'))
          .orderBy('payments.created_at', 'desc')
          .execute();
        expect(records.map((r) => Number(r[0]))).toEqual(rows.map((r) => r.id));
        for (const [i, row] of rows.entries()) {
          const record = records[i] as string[];
          const digits = row.currency === 'JPY' ? 0 : 2;
          expect(record[1]).toBe(row.status);
          expect(record[2]?.replace(/^'/, '')).toBe(row.full_name);
          expect(record[3]).toBe(row.email);
          expect(Number(record[4])).toBe(Number(row.amount) / 10 ** digits);
          expect(record[5]).toBe(row.currency);
          expect(record[7]).toBe(row.reference ?? '');
          // Kuala Lumpur is UTC+8 all year.
          const kl = (iso: string) =>
            new Date(Date.parse(iso) + 8 * 60 * MINUTE).toISOString().slice(0, 19).replace('T', ' ');
          expect(record[8]).toBe(kl(row.created_at));
          expect(record[9]).toBe(row.paid_at ? kl(row.paid_at) : '');
        }
      }

      const all = parseCsv((await call(t, admin, 'GET', `${BASE}/export.csv`)).text);
      const jpy = all.find((r) => r[5] === 'JPY') as string[];
      const big = all.find((r) => r[4] === '1234.56') as string[];
      expect(jpy[4]).toBe('500');
      expect(jpy[9]).toBe('2026-11-22 01:30:00');
      // A cell a spreadsheet would run as a formula is shown as text; quotes and commas survive.
      expect(jpy[2]).toBe('Lim "Ah" Kow, =SUM(A1)');
      // Nothing withheld (section 107D): no rate, 0 withheld, the net is the gross.
      expect(jpy.slice(10)).toEqual(['CIMB', '', '8001234567', '', '0', '500']);
      expect(big[5]).toBe('MYR');
    });

    it("names the export for the admin's day in the admin's zone, the zone its rows are in", async () => {
      await threePayments();
      // 16:30 UTC: already the 23rd in Kuala Lumpur (UTC+8), still the 22nd in Jakarta (UTC+7).
      t.clock.advance(Date.parse('2026-11-22T16:30:00.000Z') - t.clock.now().getTime());
      const later = { ...admin, token: (await t.login(admin.email)).accessToken };
      const exported = async () => {
        const res = await call(t, later, 'GET', `${BASE}/export.csv?filter=PAID`);
        expect(res.status).toBe(200);
        const [header, record] = parseCsv(res.text);
        return { name: res.headers.get('content-disposition'), header, record };
      };

      const kl = await exported();
      expect(kl.name).toBe('attachment; filename="payments-paid-2026-11-23.csv"');
      expect(kl.header?.slice(8, 10)).toEqual(['Created at (Asia/Kuala_Lumpur)', 'Paid at (Asia/Kuala_Lumpur)']);
      expect(kl.record?.[9]).toBe('2026-11-22 01:30:00');

      await t.db.updateTable('users').set({ timezone: 'Asia/Jakarta' }).where('id', '=', admin.id).execute();
      const jakarta = await exported();
      expect(jakarta.name).toBe('attachment; filename="payments-paid-2026-11-22.csv"');
      expect(jakarta.header?.slice(8, 10)).toEqual(['Created at (Asia/Jakarta)', 'Paid at (Asia/Jakarta)']);
      expect(jakarta.record?.[9]).toBe('2026-11-22 00:30:00');
      expect(jakarta.record?.[8]).toBe('2026-11-22 09:05:00');
    });

    it('quotes a cell with a formula after a semicolon, so a spreadsheet splitting on ; keeps it one text cell', async () => {
      await t.db.updateTable('users').set({ full_name: 'Tan;=1+1' }).where('id', '=', recruiter.id).execute();
      await created(recruiter.id, [await approved()]);
      const res = await call(t, admin, 'GET', `${BASE}/export.csv`);
      const line = res.text.split('\r\n').find((row) => row.includes('Tan;')) ?? '';
      // Split as a spreadsheet set to ; would: on every ; outside double quotes. No cell starts with =.
      const cells: string[] = [''];
      let quoted = false;
      for (const char of line) {
        if (char === '"') quoted = !quoted;
        if (char === ';' && !quoted) cells.push('');
        else cells[cells.length - 1] += char;
      }
      expect(cells.length).toBe(1);
      expect(cells.some((cell) => cell.startsWith('='))).toBe(false);
      expect(line).toContain('"Tan;=1+1"');
      expect(parseCsv(res.text)[1]?.[2]).toBe('Tan;=1+1');
    });

    it('marks a name that starts like a formula as text in the export', async () => {
      await t.db.updateTable('users').set({ full_name: '=HYPERLINK("x")' }).where('id', '=', recruiter.id).execute();
      await created(recruiter.id, [await approved()]);
      const [, record] = parseCsv((await call(t, admin, 'GET', `${BASE}/export.csv`)).text);
      expect(record?.[2]).toBe(`'=HYPERLINK("x")`);
    });
  });
});
