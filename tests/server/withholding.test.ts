import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notificationText } from '#src/lib/notification-text.ts';
import { readEnv } from '#src/server/env.ts';
import { markWithholdingYear } from '#src/server/jobs/withholding-marks.ts';
import { renderEmail } from '#src/server/mail/templates.ts';
import { withholdingSettings } from '#src/server/modules/withholding/withholding-settings.ts';
import { remitByOf } from '#src/server/modules/withholding/withholding-year.ts';
import type { ListPage } from '#src/shared/api-response.ts';
import type { MyPayment } from '#src/shared/earning-types.ts';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { NotificationKind, NotificationPage } from '#src/shared/notifications.ts';
import type { PayableRecruiter, PaymentDetail } from '#src/shared/payment-types.ts';
import type { YearlyStatement } from '#src/shared/statement-types.ts';
import { withheldOf } from '#src/shared/withholding.ts';
import type { WithholdingMarkRow, WithholdingMonth } from '#src/shared/withholding-types.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertPayment } from './helpers/money-rows';
import { insertReferral, insertTalent, insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 46, section 107D: a recruiter paid more than RM100,000 (MYR) in a calendar year, Malaysia time, has
// 2% withheld from every payment created for them in the next; what was paid before never changes.

const PAYEE = {
  fullName: 'NUR AINA BINTI HASHIM',
  idType: 'MYKAD',
  idNumber: '900615-14-5071',
  taxNumber: 'IG 2048135709 0',
  address: { line1: 'No. 12, Jalan Setiawangsa 9', postcode: '54200', city: 'Kuala Lumpur', state: 'KUALA_LUMPUR' },
};

describe('the amount withheld', () => {
  it('is the rate of the gross, rounded to the cent with half a cent up', () => {
    expect(withheldOf(12_345, 200)).toBe(247); // RM 2.469
    expect(withheldOf(12_325, 200)).toBe(247); // RM 2.465: half a cent, up
    expect(withheldOf(12_324, 200)).toBe(246); // RM 2.4648
    expect(withheldOf(25, 200)).toBe(1); // half a cent
    expect(withheldOf(24, 200)).toBe(0);
    expect(withheldOf(10_000_000, 200)).toBe(200_000);
    expect(withheldOf(0, 200)).toBe(0);
    expect(withheldOf(12_345, 0)).toBe(0);
    // Exact past 2^53 for the product.
    expect(withheldOf(9_007_199_254_740_991, 200)).toBe(180_143_985_094_820);
  });

  it('reads the rate and the threshold from their decimal settings, the law’s values by default', () => {
    expect(withholdingSettings({ WITHHOLDING_RATE_PERCENT: '2', WITHHOLDING_THRESHOLD_MYR: '100000.00' })).toEqual({
      rate: 200,
      threshold: 10_000_000,
    });
    expect(withholdingSettings({ WITHHOLDING_RATE_PERCENT: '2.3', WITHHOLDING_THRESHOLD_MYR: '5000.5' })).toEqual({
      rate: 230,
      threshold: 500_050,
    });
  });

  it('refuses settings that are not a percentage or an amount in ringgit, and defaults to the law’s', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'recruiter-env-'));
    try {
      expect(withholdingSettings(readEnv({ DATA_DIR: dir }))).toEqual({ rate: 200, threshold: 10_000_000 });
      for (const rate of ['2%', '101', '-1', '2.345', 'two']) {
        expect(() => readEnv({ DATA_DIR: dir, WITHHOLDING_RATE_PERCENT: rate }), rate).toThrow(
          /WITHHOLDING_RATE_PERCENT/,
        );
      }
      for (const threshold of ['RM100000', '100,000.00', '1e5', '100000.001']) {
        expect(() => readEnv({ DATA_DIR: dir, WITHHOLDING_THRESHOLD_MYR: threshold }), threshold).toThrow(
          /WITHHOLDING_THRESHOLD_MYR/,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is remitted by the 30th day after the day it was paid, in Malaysia time', () => {
    expect(remitByOf('2027-01-05T02:00:00.000Z')).toBe('2027-02-04');
    // 00:30 on 1 February in Kuala Lumpur: paid on 1 February there.
    expect(remitByOf('2027-01-31T16:30:00.000Z')).toBe('2027-03-03');
    expect(remitByOf('2027-01-31T15:59:00.000Z')).toBe('2027-03-02');
  });
});

describe.each(DIALECTS)('section 107D withholding on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let aina: Caller; // paid RM100,000.01 in 2026
  let exact: Caller; // paid exactly RM100,000.00 in 2026
  let task: number;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    aina = await caller(t, { email: 'aina@example.com' });
    exact = await caller(t, { email: 'exact@example.com' });
    task = await insertTask(t, { code: 'T-000107', title: 'Sales Agent' });
  });
  afterEach(async () => {
    await t?.close();
  });

  async function approved(recruiterId: number, amounts: number[], currency = 'MYR') {
    const ids: number[] = [];
    for (const amount of amounts) {
      const talent = await insertTalent(t, recruiterId);
      ids.push(
        await insertReferral(t, talent, task, {
          reward_status: 'APPROVED',
          reward_amount: amount,
          reward_currency: currency,
          reward_decided_at: t.clock.now().toISOString(),
        }),
      );
    }
    return ids;
  }

  /** A payment already PAID at `paidAt`, written as an older release (or the seed) did. */
  const paid = async (recruiterId: number, paidAt: string, amount: number, currency = 'MYR') =>
    insertPayment(t, {
      recruiterId,
      createdBy: admin.id,
      referralIds: await approved(recruiterId, [amount], currency),
      currency,
      paidAt,
      reference: `OLD-${paidAt}`,
      createdAt: paidAt,
    });

  /** A payment created through the API now, as an admin does. */
  async function create(recruiterId: number, amounts: number[], currency = 'MYR') {
    const referralIds = await approved(recruiterId, amounts, currency);
    return ok<PaymentDetail>(call(t, admin, 'POST', '/api/admin/payments', { recruiterId, referralIds }), 201);
  }

  const pay = (id: number, paidAt: string, reference = `MBB-${id}`) =>
    ok<PaymentDetail>(call(t, admin, 'POST', `/api/admin/payments/${id}/pay`, { reference, paidAt }));

  /** The clock moved to `iso`, everyone signed in again (access tokens last minutes). */
  async function moveTo(iso: string) {
    t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
    for (const who of [admin, aina, exact]) who.token = (await t.login(who.email)).accessToken;
  }

  const month = (m: string) => ok<WithholdingMonth>(call(t, admin, 'GET', `/api/admin/withholding?month=${m}`));

  /** 2026 in Kuala Lumpur: Aina is paid RM100,000.01, the other exactly RM100,000.00. */
  async function paid2026() {
    // 23:59 on 31 December 2025 in Kuala Lumpur: 2025, not counted.
    await paid(aina.id, '2025-12-31T15:59:00.000Z', 5_000_000);
    // 00:30 on 1 January 2026 in Kuala Lumpur: the cent that takes her over.
    await paid(aina.id, '2025-12-31T16:30:00.000Z', 1);
    await paid(aina.id, '2026-03-10T04:00:00.000Z', 6_000_000);
    await paid(aina.id, '2026-09-10T04:00:00.000Z', 4_000_000);
    // Other currencies are not counted toward the ringgit threshold.
    await paid(aina.id, '2026-10-10T04:00:00.000Z', 9_000_000, 'SGD');
    await paid(exact.id, '2026-05-01T04:00:00.000Z', 7_500_000);
    await paid(exact.id, '2026-12-31T15:59:59.999Z', 2_500_000);
    // Paid 00:30 on 1 January 2027 there: 2027's, not 2026's.
    await paid(exact.id, '2026-12-31T16:30:00.000Z', 1_000);
  }

  it('withholds 2% from every payment of the next year to a recruiter paid over RM100,000, and the month adds up', async () => {
    await paid2026();
    await ok(call(t, aina, 'PUT', '/api/account/payee', PAYEE));

    // Created in 2026 (before any mark), paid in 2027: nothing withheld, now or later.
    await moveTo('2026-12-20T02:00:00.000Z');
    const beforeMark = await create(aina.id, [50_000]);
    expect(beforeMark).toMatchObject({ amount: 50_000, withholdingRate: null, withheld: 0, net: 50_000 });

    // 00:30 on 1 January 2027 in Kuala Lumpur: the yearly job marks Aina, not the recruiter at exactly
    // RM100,000.00, and marks nobody twice.
    await moveTo('2026-12-31T16:30:00.000Z');
    expect(await markWithholdingYear(t.deps)).toBe(1);
    expect(await markWithholdingYear(t.deps)).toBe(0);
    const marks = await ok<WithholdingMarkRow[]>(call(t, admin, 'GET', '/api/admin/withholding/marks?year=2027'));
    expect(marks).toEqual([
      {
        recruiterId: aina.id,
        recruiterName: 'Test User 2',
        year: 2027,
        paidAmount: 10_000_001,
        threshold: 10_000_000,
        markedAt: '2026-12-31T16:30:00.000Z',
      },
    ]);

    // The dialog's answer says so before the payment exists.
    await approved(aina.id, [1]);
    const payable = await ok<PayableRecruiter[]>(call(t, admin, 'GET', '/api/admin/payments/payable'));
    expect(payable.find((row) => row.recruiterId === aina.id)?.withholding).toEqual({
      year: 2027,
      paidAmount: 10_000_001,
      threshold: 10_000_000,
      markedAt: '2026-12-31T16:30:00.000Z',
      rate: 200,
    });

    // Every payment created for her in 2027 has 2% withheld, rounded to the cent.
    const january = [
      await create(aina.id, [12_345]), // 2% is RM 2.469: 2.47
      await create(aina.id, [25]), // half a cent: 0.01
      await create(aina.id, [100_000, 33_333]), // 2,666.66
    ];
    expect(january.map((p) => [p.amount, p.withholdingRate, p.withheld, p.net])).toEqual([
      [12_345, 200, 247, 12_098],
      [25, 200, 1, 24],
      [133_333, 200, 2_667, 130_666],
    ]);
    await moveTo('2027-02-10T00:00:00.000Z');
    await pay(beforeMark.id, '2027-01-02T01:00:00.000Z');
    await pay(january[0]?.id as number, '2027-01-05T02:00:00.000Z');
    await pay(january[1]?.id as number, '2027-01-20T09:00:00.000Z');
    // 00:30 on 1 February in Kuala Lumpur: February's.
    await pay(january[2]?.id as number, '2027-01-31T16:30:00.000Z');
    const feb = await create(aina.id, [777_777]);
    await pay(feb.id, '2027-02-10T00:00:00.000Z');
    // The other recruiter, at exactly the threshold: nothing withheld.
    const notMarked = await create(exact.id, [100_000]);
    expect(notMarked).toMatchObject({ withholdingRate: null, withheld: 0, net: 100_000 });
    await pay(notMarked.id, '2027-02-09T03:00:00.000Z');

    // January's list: the two payments withheld and paid in January, with the payee's details.
    const jan = await month('2027-01');
    expect(jan.rows.map((row) => [row.paymentId, row.gross, row.withheld, row.net, row.remitBy])).toEqual([
      [january[0]?.id, 12_345, 247, 12_098, '2027-02-04'],
      [january[1]?.id, 25, 1, 24, '2027-02-19'],
    ]);
    expect(jan.rows[0]).toMatchObject({
      recruiterId: aina.id,
      payee: {
        fullName: 'NUR AINA BINTI HASHIM',
        idType: 'MYKAD',
        idNumber: '900615145071',
        taxNumber: 'IG20481357090',
      },
      reference: `MBB-${january[0]?.id}`,
      currency: 'MYR',
      rate: 200,
    });
    expect(jan.totals).toEqual([{ currency: 'MYR', gross: 12_370, withheld: 248, net: 12_122, payments: 2 }]);
    expect(jan.remitBy).toBe('2027-02-04');
    expect(jan.months).toEqual(['2027-02', '2027-01']);
    const febList = await month('2027-02');
    expect(febList.rows.map((row) => row.paymentId)).toEqual([january[2]?.id, feb.id]);
    expect(febList.rows.map((row) => row.remitBy)).toEqual(['2027-03-03', '2027-03-12']);
    expect(febList.totals).toEqual([{ currency: 'MYR', gross: 911_110, withheld: 18_223, net: 892_887, payments: 2 }]);

    // The totals are the payments' own, summed by the database over the same month.
    for (const list of [jan, febList]) {
      const from = new Date(`${list.month}-01T00:00:00+08:00`).toISOString();
      const sums = await t.db
        .selectFrom('payments')
        .select((eb) => [
          eb.fn.sum<number | string>('amount').as('gross'),
          eb.fn.sum<number | string>('withheld_amount').as('withheld'),
          eb.fn.sum<number | string>('net_amount').as('net'),
        ])
        .where('status', '=', 'PAID')
        .where('withheld_amount', '>', 0)
        .where('paid_at', '>=', from)
        .where('paid_at', '<', list.month === '2027-01' ? '2027-01-31T16:00:00.000Z' : '2027-02-28T16:00:00.000Z')
        .executeTakeFirstOrThrow();
      expect([Number(sums.gross), Number(sums.withheld), Number(sums.net)]).toEqual([
        list.totals[0]?.gross,
        list.totals[0]?.withheld,
        list.totals[0]?.net,
      ]);
    }

    // Made before the mark, it stays as it was made.
    expect(await ok<PaymentDetail>(call(t, admin, 'GET', `/api/admin/payments/${beforeMark.id}`))).toMatchObject({
      amount: 50_000,
      withholdingRate: null,
      withheld: 0,
      net: 50_000,
      status: 'PAID',
    });
    const before2027 = await t.db
      .selectFrom('payments')
      .select(['amount', 'withheld_amount', 'net_amount'])
      .where('recruiter_id', '=', aina.id)
      .where('paid_at', '<', '2026-12-31T16:00:00.000Z')
      .execute();
    expect(before2027.every((p) => Number(p.withheld_amount) === 0 && Number(p.net_amount) === Number(p.amount))).toBe(
      true,
    );

    // Her statement and her earnings say the same.
    const statement = await ok<YearlyStatement>(call(t, aina, 'GET', '/api/recruiter/earning/statement?year=2027'));
    expect(statement.payments.map((p) => [p.id, p.amount, p.withheld, p.net])).toEqual([
      [beforeMark.id, 50_000, 0, 50_000],
      [january[0]?.id, 12_345, 247, 12_098],
      [january[1]?.id, 25, 1, 24],
      [january[2]?.id, 133_333, 2_667, 130_666],
      [feb.id, 777_777, 15_556, 762_221],
    ]);
    expect(statement.totals).toEqual([
      { currency: 'MYR', amount: 973_480, withheld: 18_471, net: 955_009, payments: 5, referrals: 6 },
    ]);
    // The PDF says it too, in her language: each payment's withheld and net, the year's, and why.
    for (const [locale, withheld, year] of [
      ['en', 'Withheld under section 107D (2%)', 'Withheld under section 107D in 2027'],
      ['ms', 'Ditahan di bawah seksyen 107D (2%)', 'Ditahan di bawah seksyen 107D pada tahun 2027'],
    ] as const) {
      const res = await t.request(`/api/recruiter/earning/statement.pdf?year=2027&locale=${locale}`, {
        headers: { authorization: `Bearer ${aina.token}` },
      });
      expect(res.status).toBe(200);
      const { text } = await extractText(new Uint8Array(await res.arrayBuffer()), { mergePages: true });
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain(withheld);
      expect(flat).toContain(year);
      expect(flat).toContain(formatMinorUnits(18_471, 'MYR', INTL_LOCALES[locale]).replace(/\s+/g, ' '));
      expect(flat).toContain(formatMinorUnits(955_009, 'MYR', INTL_LOCALES[locale]).replace(/\s+/g, ' '));
    }

    const earnings = await ok<ListPage<MyPayment>>(
      call(t, aina, 'GET', '/api/recruiter/earning/payments?page=1&pageSize=10'),
    );
    expect(earnings.items.find((p) => p.id === feb.id)).toMatchObject({
      withholdingRate: 200,
      withheld: 15_556,
      net: 762_221,
    });

    // Every read of the list is in the access record, once per recruiter shown, never for one not shown.
    const lines = await t.db
      .selectFrom('access_log')
      .select(['actor_id', 'action', 'subject_id', 'detail'])
      .where('action', '=', 'PAYEE_VIEW')
      .orderBy('id')
      .execute();
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.actor_id === admin.id && line.subject_id === aina.id)).toBe(true);
    expect(JSON.parse(lines[0]?.detail ?? '{}')).toEqual({
      saved: true,
      list: 'WITHHOLDING_107D',
      month: '2027-01',
      csv: false,
    });
  });

  it('tells the recruiter the net paid and the 2% withheld when a payment is on its way and when it is paid', async () => {
    await paid2026();
    await moveTo('2027-01-10T02:00:00.000Z');
    const payment = await create(aina.id, [12_345]);
    const unmarked = await create(exact.id, [10_000]);
    await moveTo('2027-01-12T02:00:00.000Z');
    await pay(payment.id, '2027-01-11T02:00:00.000Z');
    await pay(unmarked.id, '2027-01-11T02:00:00.000Z');

    const notices = async (who: Caller) => {
      const page = await ok<NotificationPage>(call(t, who, 'GET', '/api/notifications'));
      return [...page.items].reverse().map((item) => ({ kind: item.kind, payload: item.payload }));
    };
    const withheld = { amount: 12_098, currency: 'MYR', gross: 12_345, withheld: 247, withholdingRate: 200 };
    expect(await notices(aina)).toEqual([
      { kind: 'PAYMENT_CREATED', payload: withheld },
      { kind: 'PAYMENT_PAID', payload: withheld },
    ]);
    const words = (kind: NotificationKind, locale: AppLocale) =>
      notificationText(kind, withheld, locale).body.replace(/\s/g, ' ');
    expect(words('PAYMENT_CREATED', 'en')).toBe(
      'A payment for your approved referrals is being prepared. Net paid: MYR 120.98, after 2% withheld under section 107D (MYR 2.47 of MYR 123.45 gross).',
    );
    expect(words('PAYMENT_PAID', 'ms')).toBe(
      'Kami telah membayar RM 120.98 ke dalam akaun bank anda bagi rujukan anda yang diluluskan: bersih dibayar, selepas 2% ditahan di bawah seksyen 107D (RM 2.47 daripada jumlah kasar RM 123.45).',
    );
    // The e-mail of a payment on its way is the notice's own words: the net, not the gross.
    const created = await t.db
      .selectFrom('email_outbox')
      .select(['payload', 'locale'])
      .where('to_address', '=', aina.email)
      .where('template', '=', 'notification')
      .executeTakeFirstOrThrow();
    const mail = renderEmail('notification', created.locale, JSON.parse(created.payload));
    expect(mail.text.replace(/\s/g, ' ')).toContain('Net paid: MYR 120.98, after 2% withheld under section 107D');
    expect(mail.text.replace(/\s/g, ' ')).not.toContain('A payment of MYR 123.45');

    // Nothing withheld: one amount, as before.
    expect(await notices(exact)).toEqual([
      { kind: 'PAYMENT_CREATED', payload: { amount: 10_000, currency: 'MYR' } },
      { kind: 'PAYMENT_PAID', payload: { amount: 10_000, currency: 'MYR' } },
    ]);
    expect(notificationText('PAYMENT_CREATED', { amount: 10_000, currency: 'MYR' }, 'en').body).toBe(
      'A payment of MYR\u00a0100.00 for your approved referrals is being prepared.',
    );
  });

  it('exports the month as CSV, one line per payment, and records it', async () => {
    await paid2026();
    await moveTo('2027-01-03T02:00:00.000Z');
    const made = await create(aina.id, [12_345]);
    await pay(made.id, '2027-01-03T01:00:00.000Z', '=HYPERLINK("x")');
    const res = await call(t, admin, 'GET', '/api/admin/withholding/export.csv?month=2027-01');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="withholding-107d-2027-01.csv"');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Payment ID,Paid on (Asia/Kuala_Lumpur),Remit by,Recruiter,Name as on identity card,ID type,IC or passport number,Income tax number,Reference,Currency,Gross,Rate (%),Withheld,Net paid'.replace(
        'Rate (%)',
        '"Rate (%)"',
      ),
    );
    // No payee details saved yet: their columns are empty; a formula in a reference is shown, not run (a
    // cell with a dash is quoted, dates too, as in the payments CSV).
    expect(lines[1]).toBe(
      `${made.id},"2027-01-03","2027-02-02",Test User 2,,,,,"'=HYPERLINK(""x"")",MYR,123.45,2,2.47,120.98`,
    );
    expect(lines).toHaveLength(2);
    const line = await t.db
      .selectFrom('access_log')
      .select('detail')
      .where('action', '=', 'PAYEE_VIEW')
      .executeTakeFirst();
    expect(JSON.parse(line?.detail ?? '{}')).toMatchObject({ saved: false, csv: true, month: '2027-01' });
  });

  it('marks a recruiter with the first payment created for them when the yearly job has not run yet', async () => {
    await paid2026();
    await moveTo('2027-03-01T02:00:00.000Z');
    const payable = await ok<PayableRecruiter[]>(call(t, admin, 'GET', '/api/admin/payments/payable'));
    expect(payable).toEqual([]);
    await approved(aina.id, [10_000]);
    const before = await ok<PayableRecruiter[]>(call(t, admin, 'GET', '/api/admin/payments/payable'));
    // Due, not written yet: a GET writes nothing.
    expect(before[0]?.withholding).toMatchObject({ year: 2027, markedAt: null, rate: 200 });
    expect(await t.db.selectFrom('withholding_marks').selectAll().execute()).toEqual([]);
    const made = await create(aina.id, [10_000]);
    expect(made).toMatchObject({ withholdingRate: 200, withheld: 200, net: 9_800 });
    expect(await markWithholdingYear(t.deps)).toBe(0);
    const row = await t.db
      .selectFrom('payments')
      .select('withholding_mark_id')
      .where('id', '=', made.id)
      .executeTakeFirst();
    const mark = await t.db.selectFrom('withholding_marks').select(['id', 'year']).executeTakeFirstOrThrow();
    expect(row?.withholding_mark_id).toBe(mark.id);
    expect(mark.year).toBe(2027);
  });

  it('marks nobody in a year after one without payments over the threshold', async () => {
    await paid2026();
    // 2028: what was paid in 2027 counts (nothing yet), not 2026.
    await moveTo('2028-01-01T00:00:00.000Z');
    expect(await markWithholdingYear(t.deps)).toBe(0);
    const made = await create(aina.id, [10_000]);
    expect(made).toMatchObject({ withholdingRate: null, withheld: 0, net: 10_000 });
  });

  it('refuses the lists to recruiters and to anonymous callers, and a bad month', async () => {
    for (const path of [
      '/api/admin/withholding?month=2027-01',
      '/api/admin/withholding/export.csv?month=2027-01',
      '/api/admin/withholding/marks?year=2027',
    ]) {
      expect((await call(t, aina, 'GET', path)).status).toBe(403);
      expect((await call(t, null, 'GET', path)).status).toBe(401);
    }
    const bad = await call(t, admin, 'GET', '/api/admin/withholding?month=2027-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ month: 'field_invalid' });
    expect(await t.db.selectFrom('access_log').selectAll().execute()).toEqual([]);
  });
});

describe.each(DIALECTS)('section 107D settings on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('withholds the configured rate above the configured threshold', async () => {
    t = await createTestApp(dialect, { WITHHOLDING_RATE_PERCENT: '2.5', WITHHOLDING_THRESHOLD_MYR: '500' });
    const admin = await adminCaller(t);
    const recruiter = await caller(t);
    const task = await insertTask(t);
    const referral = async (amount: number) =>
      insertReferral(t, await insertTalent(t, recruiter.id), task, {
        reward_status: 'APPROVED',
        reward_amount: amount,
        reward_currency: 'MYR',
        reward_decided_at: t.clock.now().toISOString(),
      });
    await insertPayment(t, {
      recruiterId: recruiter.id,
      createdBy: admin.id,
      referralIds: [await referral(50_001)],
      paidAt: '2025-06-01T00:00:00.000Z',
    });
    const made = await ok<PaymentDetail>(
      call(t, admin, 'POST', '/api/admin/payments', {
        recruiterId: recruiter.id,
        referralIds: [await referral(1_000)],
      }),
      201,
    );
    expect(made).toMatchObject({ withholdingRate: 250, withheld: 25, net: 975 });
  });
});
