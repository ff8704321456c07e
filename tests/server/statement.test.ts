import { extractText } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppLocale } from '#src/shared/enums.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import type { YearlyStatement } from '#src/shared/statement-types.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertPayment } from './helpers/money-rows';
import { insertReferral, insertTalent, insertTask } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 46: a recruiter's yearly statement, a calendar year in Malaysia time, as JSON and as a PDF.

const PAYER = {
  PAYER_NAME: 'Rekrut Bakat Sdn Bhd',
  PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
  PAYER_EMPLOYER_NUMBER: 'E 9876543210',
  PAYER_ADDRESS: 'Level 5, Menara Contoh|Jalan Ampang|50450 Kuala Lumpur',
  PAYER_PHONE: '+60 3-1234 5678',
};

describe.each(DIALECTS)('the yearly statement on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let recruiter: Caller;
  let other: Caller;
  let task: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, PAYER);
    admin = await adminCaller(t);
    recruiter = await caller(t, { email: 'aina@example.com', locale: 'zh' });
    other = await caller(t, { email: 'omar@example.com' });
    await t.db.updateTable('users').set({ full_name: 'Nur Aina' }).where('id', '=', recruiter.id).execute();
    task = await insertTask(t, { code: 'T-000777', title: 'Route Planner' });
  });
  afterEach(async () => {
    await t?.close();
  });

  /** Approved referrals of the recruiter's, one per amount (in minor units), with the talents named. */
  async function rewards(recruiterId: number, amounts: number[], currency = 'MYR', names: string[] = []) {
    const ids: number[] = [];
    for (const [i, amount] of amounts.entries()) {
      const talent = await insertTalent(t, recruiterId, names[i] === undefined ? {} : { full_name: names[i] });
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

  async function paid(
    recruiterId: number,
    paidAt: string | null,
    amounts: number[],
    currency = 'MYR',
    names?: string[],
  ) {
    const referralIds = await rewards(recruiterId, amounts, currency, names);
    return insertPayment(t, {
      recruiterId,
      createdBy: admin.id,
      referralIds,
      currency,
      paidAt,
      reference: `REF-${paidAt}`,
    });
  }

  const statementOf = (who: Caller, year: number | string, recruiterId?: number) =>
    ok<YearlyStatement>(
      call(
        t,
        who,
        'GET',
        recruiterId === undefined
          ? `/api/recruiter/earning/statement?year=${year}`
          : `/api/admin/recruiters/${recruiterId}/statement?year=${year}`,
      ),
    );

  it('counts a payment paid at 00:30 on 1 January in Kuala Lumpur in the new year, and totals to the cent', async () => {
    const june2025 = await paid(recruiter.id, '2025-06-15T04:00:00.000Z', [12_345, 67]);
    // 23:59:59.999 on 31 December in Kuala Lumpur: still 2025.
    const lastOf2025 = await paid(recruiter.id, '2025-12-31T15:59:59.999Z', [99_999]);
    // 00:30 on 1 January in Kuala Lumpur (16:30 UTC the day before): 2026.
    const newYear = await paid(recruiter.id, '2025-12-31T16:30:00.000Z', [150_000, 1]);
    const sgd = await paid(recruiter.id, '2026-02-01T01:00:00.000Z', [5_000], 'SGD');
    // Paid through the API, as an admin pays.
    const [viaApi] = await rewards(recruiter.id, [33_333]);
    const made = await ok<{ id: number }>(
      call(t, admin, 'POST', '/api/admin/payments', { recruiterId: recruiter.id, referralIds: [viaApi] }),
      201,
    );
    await ok(
      call(t, admin, 'POST', `/api/admin/payments/${made.id}/pay`, {
        reference: 'MBB-1',
        paidAt: '2026-03-05T02:00:00.000Z',
      }),
    );
    // Not in any statement: a payment not paid yet, another recruiter's.
    await paid(recruiter.id, null, [70_000]);
    await paid(other.id, '2026-04-01T04:00:00.000Z', [80_000]);

    const y2026 = await statementOf(recruiter, 2026);
    expect(y2026).toMatchObject({
      year: 2026,
      timeZone: 'Asia/Kuala_Lumpur',
      from: '2025-12-31T16:00:00.000Z',
      to: '2026-12-31T16:00:00.000Z',
      recruiter: { id: recruiter.id, name: 'Nur Aina', email: 'aina@example.com' },
      years: [2026, 2025],
    });
    expect(y2026.payments.map((p) => p.id)).toEqual([newYear, sgd, made.id]);
    expect(y2026.totals).toEqual([
      { currency: 'MYR', amount: 183_334, withheld: 0, net: 183_334, payments: 2, referrals: 3 },
      { currency: 'SGD', amount: 5_000, withheld: 0, net: 5_000, payments: 1, referrals: 1 },
    ]);
    const y2025 = await statementOf(recruiter, 2025);
    expect(y2025.payments.map((p) => p.id)).toEqual([june2025, lastOf2025]);
    expect(y2025.totals).toEqual([
      { currency: 'MYR', amount: 112_411, withheld: 0, net: 112_411, payments: 2, referrals: 3 },
    ]);

    // The totals are the payments' own amounts, summed by the database over the same instants.
    for (const statement of [y2025, y2026]) {
      const sums = await t.db
        .selectFrom('payments')
        .select((eb) => ['currency', eb.fn.sum<number | string>('amount').as('amount')])
        .where('recruiter_id', '=', recruiter.id)
        .where('status', '=', 'PAID')
        .where('paid_at', '>=', statement.from)
        .where('paid_at', '<', statement.to)
        .groupBy('currency')
        .orderBy('currency')
        .execute();
      expect(sums.map((row) => ({ currency: row.currency, amount: Number(row.amount) }))).toEqual(
        statement.totals
          .map(({ currency, amount }) => ({ currency, amount }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
      );
      for (const payment of statement.payments)
        expect(payment.referrals.reduce((sum, r) => sum + r.amount, 0)).toBe(payment.amount);
    }
    expect((await statementOf(recruiter, 2024)).payments).toEqual([]);
  });

  it('lists each payment with its referrals: the talent, the task and the amount', async () => {
    const id = await paid(recruiter.id, '2026-05-02T03:00:00.000Z', [25_050, 10_000], 'MYR', ['Siti Aminah', '']);
    const [payment] = (await statementOf(recruiter, 2026)).payments;
    expect(payment).toMatchObject({ id, amount: 35_050, currency: 'MYR', reference: 'REF-2026-05-02T03:00:00.000Z' });
    expect(
      payment?.referrals.map(({ talentName, taskCode, taskTitle, amount }) => ({
        talentName,
        taskCode,
        taskTitle,
        amount,
      })),
    ).toEqual([
      { talentName: 'Siti Aminah', taskCode: 'T-000777', taskTitle: 'Route Planner', amount: 25_050 },
      // An anonymised talent keeps the money trail, not the name: the screens say "Erased candidate".
      { talentName: '', taskCode: 'T-000777', taskTitle: 'Route Planner', amount: 10_000 },
    ]);
  });

  it("answers a recruiter their own statement only, and an admin any recruiter's", async () => {
    await paid(recruiter.id, '2026-05-02T03:00:00.000Z', [25_050]);
    await paid(other.id, '2026-06-02T03:00:00.000Z', [9_900]);
    const mine = await statementOf(recruiter, 2026);
    const theirs = await statementOf(other, 2026);
    expect(theirs.recruiter.id).toBe(other.id);
    expect(theirs.totals).toEqual([
      { currency: 'MYR', amount: 9_900, withheld: 0, net: 9_900, payments: 1, referrals: 1 },
    ]);
    expect(JSON.stringify(theirs)).not.toContain('25050');

    expect(await statementOf(admin, 2026, recruiter.id)).toEqual(mine);
    // A recruiter never reaches the admin's calls, whosever id they name; nobody anonymous reaches either.
    for (const id of [recruiter.id, other.id]) {
      expect((await call(t, recruiter, 'GET', `/api/admin/recruiters/${id}/statement?year=2026`)).status).toBe(403);
      expect((await call(t, recruiter, 'GET', `/api/admin/recruiters/${id}/statement.pdf?year=2026`)).status).toBe(403);
    }
    expect((await call(t, null, 'GET', '/api/recruiter/earning/statement?year=2026')).status).toBe(401);
    // An admin's own id, or no user at all, is no recruiter.
    expect((await call(t, admin, 'GET', `/api/admin/recruiters/${admin.id}/statement?year=2026`)).status).toBe(404);
    expect((await call(t, admin, 'GET', '/api/admin/recruiters/99999/statement?year=2026')).status).toBe(404);
    // An admin is not a recruiter: the recruiter's call is not theirs.
    expect((await call(t, admin, 'GET', '/api/recruiter/earning/statement?year=2026')).status).toBe(403);
    for (const year of ['26', '1999', '2101', 'abcd', ''])
      expect((await call(t, recruiter, 'GET', `/api/recruiter/earning/statement?year=${year}`)).status, year).toBe(400);
  });

  describe('as a PDF', () => {
    async function pdfText(who: Caller, path: string): Promise<{ text: string; headers: Headers }> {
      const res = await t.request(path, { headers: { authorization: `Bearer ${who.token}` } });
      expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
      const { text } = await extractText(bytes, { mergePages: true });
      return { text: text.replace(/\s+/g, ' '), headers: res.headers };
    }
    const money = (minor: number, locale: AppLocale, currency = 'MYR') =>
      formatMinorUnits(minor, currency, INTL_LOCALES[locale]).replace(/\s+/g, ' ');

    beforeEach(async () => {
      await paid(recruiter.id, '2025-12-31T16:30:00.000Z', [150_000, 1], 'MYR', ['Siti Aminah', 'Tan Mei Ling']);
      await paid(recruiter.id, '2026-03-05T02:00:00.000Z', [33_333], 'MYR', ['陈伟明']);
    });

    it('holds, in English, the payer, the payee, each payment with its referrals, and the totals', async () => {
      const { text, headers } = await pdfText(recruiter, '/api/recruiter/earning/statement.pdf?year=2026&locale=en');
      expect(headers.get('content-type')).toBe('application/pdf');
      expect(headers.get('content-disposition')).toBe(`attachment; filename="statement-2026-${recruiter.id}.pdf"`);
      for (const part of [
        'Statement of rewards paid in 2026',
        '1 January to 31 December 2026, Malaysia time',
        'Payer',
        'Rekrut Bakat Sdn Bhd',
        'Registration no. 202001012345 (1234567-X)',
        'Employer no. (E) E 9876543210',
        'Jalan Ampang',
        'Paid to',
        'Nur Aina',
        'aina@example.com',
        `Total paid: ${money(183_334, 'en')}`,
        'Payments: 2 · Referrals: 3',
        'Siti Aminah',
        'Tan Mei Ling',
        '陈伟明',
        'T-000777 · Route Planner',
        money(150_000, 'en'),
        money(1, 'en'),
        `Payment total ${money(150_001, 'en')}`,
        `Total paid in 2026 ${money(183_334, 'en')}`,
        'It is not Form CP58.',
        'Page 1 of 1',
      ])
        expect(text, part).toContain(part);
    });

    it("is in the recruiter's own language unless asked for another: Chinese here, with the same totals", async () => {
      const { text } = await pdfText(recruiter, '/api/recruiter/earning/statement.pdf?year=2026');
      for (const part of [
        '2026 年已付奖励报表',
        '付款方',
        'Rekrut Bakat Sdn Bhd',
        '收款人',
        'Nur Aina',
        `已付总额：${money(183_334, 'zh')}`,
        '付款笔数：2 · 推荐：3',
        '陈伟明',
        'T-000777 · Route Planner',
        `本笔付款合计 ${money(33_333, 'zh')}`,
        `2026 年已付总额 ${money(183_334, 'zh')}`,
        '第 1 页，共 1 页',
      ])
        expect(text, part).toContain(part);
      const malay = await pdfText(admin, `/api/admin/recruiters/${recruiter.id}/statement.pdf?year=2026&locale=ms`);
      expect(malay.text).toContain('Penyata ganjaran yang dibayar pada tahun 2026');
      expect(malay.text).toContain(`Jumlah dibayar pada tahun 2026 ${money(183_334, 'ms')}`);
    });

    it('are 30 per caller in 10 minutes, then 429 with Retry-After, for recruiters and admins alike', async () => {
      const path = `/api/admin/recruiters/${recruiter.id}/statement.pdf?year=2024`;
      for (let i = 0; i < 30; i += 1) expect((await call(t, admin, 'GET', path)).status).toBe(200);
      const refused = await call(t, admin, 'GET', path);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another caller has their own count; the JSON statement is not counted.
      expect((await call(t, recruiter, 'GET', '/api/recruiter/earning/statement.pdf?year=2024')).status).toBe(200);
      expect((await call(t, admin, 'GET', `/api/admin/recruiters/${recruiter.id}/statement?year=2024`)).status).toBe(
        200,
      );
      t.clock.advance(10 * 60_000);
      expect((await call(t, admin, 'GET', path)).status).toBe(200);
    });

    it('says when nothing was paid in the year', async () => {
      const { text } = await pdfText(recruiter, '/api/recruiter/earning/statement.pdf?year=2024&locale=en');
      expect(text).toContain('No rewards were paid to you in 2024.');
    });
  });
});
