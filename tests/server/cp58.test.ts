import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { extractText } from 'unpdf';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetention } from '#src/server/jobs/retention.ts';
import { openContent, openPdf } from '#src/server/modules/cp58/cp58-store.ts';
import { sendAdminDigests } from '#src/server/notifications/admin-digest.ts';
import { lastExpiredYear } from '#src/server/personal-data/cp58-retention.ts';
import { resealOldValues } from '#src/server/personal-data/reseal.ts';
import { newSealingKeyEntry, parseSealingKeys, sealingKeysOf } from '#src/server/security/sealing.ts';
import type { AccountExport } from '#src/shared/account-types.ts';
import {
  CP58_ISSUE_BATCH,
  type Cp58IssueResult,
  type Cp58RecruiterView,
  type Cp58YearList,
} from '#src/shared/cp58-types.ts';
import { INTL_LOCALES } from '#src/shared/intl-locales.ts';
import { formatMinorUnits } from '#src/shared/money.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertPayment } from './helpers/money-rows';
import { insertReferral, insertTalent, insertTask } from './helpers/rows';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 46, Form CP58: the year's list (recruiters paid over the threshold in MYR, Malaysia time), issuing
// (versions never changed, a correction a new version), the recruiter's request, the files and their
// access record, the notices, on both databases.

const PAYER = {
  PAYER_NAME: 'Rekrut Bakat Sdn Bhd',
  PAYER_REGISTRATION_NUMBER: '202001012345 (1234567-X)',
  PAYER_EMPLOYER_NUMBER: 'E 9876543210',
  PAYER_ADDRESS: 'Level 5, Menara Contoh|Jalan Ampang|50450 Kuala Lumpur',
  PAYER_PHONE: '+60 3-1234 5678',
};
/** Made-up payee details: a MyKad number of a valid shape, never a real one. */
const PAYEE = {
  fullName: 'NUR AINA BINTI HASHIM',
  idType: 'MYKAD',
  idNumber: '900615-14-5071',
  taxNumber: 'IG 2048135709 0',
  address: { line1: 'No. 12, Jalan Setiawangsa 9', postcode: '54200', city: 'Kuala Lumpur', state: 'KUALA_LUMPUR' },
};

describe.each(DIALECTS)('Form CP58 on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let aina: Caller;
  let omar: Caller;
  let task: number;

  beforeEach(async () => {
    t = await createTestApp(dialect, PAYER);
    admin = await adminCaller(t);
    aina = await caller(t, { email: 'aina@example.com' });
    omar = await caller(t, { email: 'omar@example.com' });
    await t.db.updateTable('users').set({ full_name: 'Nur Aina' }).where('id', '=', aina.id).execute();
    await t.db.updateTable('users').set({ full_name: 'Omar Faruq' }).where('id', '=', omar.id).execute();
    task = await insertTask(t, { code: 'T-000777', title: 'Route Planner' });
  });
  afterEach(async () => {
    await t?.close();
  });

  /** A payment of approved referrals of the recruiter's, one per amount (minor units), paid at `paidAt`. */
  async function paid(recruiterId: number, paidAt: string | null, amounts: number[], currency = 'MYR') {
    const referralIds: number[] = [];
    for (const amount of amounts) {
      const talent = await insertTalent(t, recruiterId);
      referralIds.push(
        await insertReferral(t, talent, task, {
          reward_status: 'APPROVED',
          reward_amount: amount,
          reward_currency: currency,
          reward_decided_at: t.clock.now().toISOString(),
        }),
      );
    }
    return insertPayment(t, {
      recruiterId,
      createdBy: admin.id,
      referralIds,
      currency,
      paidAt,
      reference: paidAt ? `MBB-${paidAt.slice(0, 10)}` : null,
    });
  }
  const savePayee = async (who: Caller, values: unknown = PAYEE) =>
    ok(call(t, who, 'PUT', '/api/account/payee', values));
  const list = (year: number) => ok<Cp58YearList>(call(t, admin, 'GET', `/api/admin/cp58?year=${year}`));
  const issue = (year: number, recruiterIds?: number[]) =>
    ok<Cp58IssueResult>(call(t, admin, 'POST', '/api/admin/cp58/issue', { year, recruiterIds }));
  const formRows = () => t.db.selectFrom('cp58_forms').selectAll().orderBy('id').execute();
  async function download(who: Caller, path: string) {
    const res = await t.request(path, { headers: bearer(who.token) });
    return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
  }
  async function pdfText(bytes: Uint8Array) {
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
    const { text } = await extractText(bytes.slice(), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  }

  it('lists exactly the recruiters paid over the threshold in ringgit: RM5,000.00 is not over, and a payment at 00:30 on 1 January in Kuala Lumpur counts in the new year', async () => {
    const exact = await caller(t);
    const lastMinute = await caller(t);
    const newYear = await caller(t);
    const foreign = await caller(t);
    // Over in 2025: RM5,000.01 over two payments, and Omar's RM7,000 with no payee details.
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [300_000]);
    await paid(aina.id, '2025-09-01T04:00:00.000Z', [200_001]);
    await paid(omar.id, '2025-05-05T04:00:00.000Z', [700_000]);
    // Exactly RM5,000.00: not over.
    await paid(exact.id, '2025-02-01T04:00:00.000Z', [250_000, 250_000]);
    // 23:59:59.999 on 31 December in Kuala Lumpur: still 2025.
    await paid(lastMinute.id, '2025-12-31T15:59:59.999Z', [500_001]);
    // 00:30 on 1 January in Kuala Lumpur (16:30 UTC the day before): 2026, not 2025.
    await paid(newYear.id, '2025-12-31T16:30:00.000Z', [600_000]);
    // Only ringgit count: SGD 9,000 beside RM100 is not over.
    await paid(foreign.id, '2025-04-01T04:00:00.000Z', [900_000], 'SGD');
    await paid(foreign.id, '2025-04-02T04:00:00.000Z', [10_000]);
    // Not paid yet: counts nowhere.
    await paid(exact.id, null, [900_000]);
    await savePayee(aina);

    const y2025 = await list(2025);
    expect(y2025).toMatchObject({
      year: 2025,
      from: '2024-12-31T16:00:00.000Z',
      to: '2025-12-31T16:00:00.000Z',
      threshold: 500_000,
      payerMissing: [],
    });
    // The highest paid first; the same amount by name.
    expect(y2025.rows.map((row) => [row.recruiter.id, row.paid.amount])).toEqual([
      [omar.id, 700_000],
      [aina.id, 500_001],
      [lastMinute.id, 500_001],
    ]);
    const ainaRow = y2025.rows.find((row) => row.recruiter.id === aina.id);
    expect(ainaRow).toMatchObject({
      recruiter: { name: 'Nur Aina', email: 'aina@example.com', active: true },
      paid: { amount: 500_001, payments: 2, referrals: 2 },
      overThreshold: true,
      request: null,
      missing: [],
      status: 'NOT_ISSUED',
      forms: [],
    });
    expect(y2025.rows.find((row) => row.recruiter.id === omar.id)?.missing).toEqual(['PAYEE_DETAILS']);
    expect(y2025.years).toEqual([2026, 2025]);

    const y2026 = await list(2026);
    expect(y2026.rows.map((row) => [row.recruiter.id, row.paid.amount])).toEqual([[newYear.id, 600_000]]);

    // The amounts are the database's own sums of the payments over the same instants.
    for (const year of [y2025, y2026])
      for (const row of year.rows) {
        const sum = await t.db
          .selectFrom('payments')
          .select((eb) => eb.fn.sum<number | string>('amount').as('amount'))
          .where('recruiter_id', '=', row.recruiter.id)
          .where('status', '=', 'PAID')
          .where('currency', '=', 'MYR')
          .where('paid_at', '>=', year.from)
          .where('paid_at', '<', year.to)
          .executeTakeFirstOrThrow();
        expect(Number(sum.amount)).toBe(row.paid.amount);
      }

    // A lower threshold is a setting.
    await t.close();
    t = await createTestApp(dialect, { ...PAYER, CP58_THRESHOLD_MYR: '100' });
    admin = await adminCaller(t);
    expect((await list(2025)).threshold).toBe(10_000);
  });

  it('issues every complete form at once, tells each recruiter, never changes a version, and makes a correction a new version that says so', async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await paid(omar.id, '2025-05-05T04:00:00.000Z', [700_000]);
    await savePayee(aina);

    const first = await issue(2025);
    expect(first.issued.map((form) => [form.recruiterId, form.version, form.correctsVersion])).toEqual([
      [aina.id, 1, null],
    ]);
    expect(first.issued[0]).toMatchObject({ year: 2025, total: 600_000, issuedBy: { id: admin.id }, locale: 'en' });
    expect(first.skipped).toEqual([{ recruiterId: omar.id, reason: 'MISSING', missing: ['PAYEE_DETAILS'] }]);
    const [v1] = await formRows();
    expect(v1).toMatchObject({ recruiter_id: aina.id, year: 2025, version: 1, issued_by: admin.id });

    // Aina hears of it in the app, and by e-mail (money is a topic she gets e-mails for by default).
    const notices = await t.db.selectFrom('notifications').selectAll().where('user_id', '=', aina.id).execute();
    expect(notices.map((n) => [n.kind, n.path, JSON.parse(n.payload)])).toEqual([
      ['CP58_ISSUED', '/earning', { year: 2025, version: 1, correctsVersion: null }],
    ]);
    const mails = await t.db.selectFrom('email_outbox').select(['to_address', 'template']).execute();
    expect(mails).toEqual([{ to_address: 'aina@example.com', template: 'notification' }]);

    // Issued again with nothing changed: the same version, nothing new, nobody told twice.
    const again = await issue(2025);
    expect(again.issued).toEqual([]);
    expect(again.unchanged.map((form) => [form.recruiterId, form.version])).toEqual([[aina.id, 1]]);
    expect(await formRows()).toEqual([v1]);
    expect((await list(2025)).rows.find((row) => row.recruiter.id === aina.id)?.status).toBe('ISSUED');

    // Her address changes: the list says so, and issuing makes version 2, which corrects version 1.
    await savePayee(aina, { ...PAYEE, address: { ...PAYEE.address, line1: 'No. 8, Jalan Ampang Hilir' } });
    expect((await list(2025)).rows.find((row) => row.recruiter.id === aina.id)?.status).toBe('CHANGED');
    const second = await issue(2025, [aina.id]);
    expect(second.issued.map((form) => [form.version, form.correctsVersion])).toEqual([[2, 1]]);
    // A payment paid late into 2025 changes the figures: version 3 corrects version 2.
    await paid(aina.id, '2025-12-20T04:00:00.000Z', [12_345]);
    const third = await issue(2025, [aina.id]);
    expect(third.issued.map((form) => [form.version, form.correctsVersion, form.total])).toEqual([[3, 2, 612_345]]);

    const rows = await formRows();
    expect(rows.map((row) => [row.version, row.corrects_version])).toEqual([
      [1, null],
      [2, 1],
      [3, 2],
    ]);
    // Version 1 is as it was issued, column for column, and still states the first address.
    expect(rows[0]).toEqual(v1);
    const keys = sealingKeysOf(t.env);
    expect(openContent(keys, rows[0] as (typeof rows)[number]).payee.address.line1).toBe(PAYEE.address.line1);
    expect(openContent(keys, rows[1] as (typeof rows)[number]).payee.address.line1).toBe('No. 8, Jalan Ampang Hilir');

    const ainaRow = (await list(2025)).rows.find((row) => row.recruiter.id === aina.id);
    expect(ainaRow?.forms.map((form) => form.version)).toEqual([3, 2, 1]);
    expect(ainaRow?.status).toBe('ISSUED');

    // The correction's PDF says which version it corrects; the recruiter is told it is a correction.
    const pdf = await download(admin, `/api/admin/cp58/forms/${rows[2]?.id}/pdf`);
    expect(await pdfText(pdf.bytes)).toContain('It corrects and replaces version 2.');
    const corrections = await t.db
      .selectFrom('notifications')
      .select('payload')
      .where('user_id', '=', aina.id)
      .orderBy('id')
      .execute();
    expect(corrections.map((n) => JSON.parse(n.payload).correctsVersion)).toEqual([null, 1, 2]);
  });

  it("go into the recruiter's own data export, each version as issued, with the payee details it was issued with", async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await paid(omar.id, '2025-05-05T04:00:00.000Z', [700_000]);
    await savePayee(aina);
    await savePayee(omar, { ...PAYEE, fullName: 'OMAR FARUQ BIN YUSOF', idNumber: '880302075123' });
    const [v1] = (await issue(2025, [aina.id])).issued;
    // Her address changes, and a payment paid late into 2025: version 2 corrects version 1.
    await savePayee(aina, { ...PAYEE, address: { ...PAYEE.address, line1: 'No. 8, Jalan Ampang Hilir' } });
    await paid(aina.id, '2025-12-20T04:00:00.000Z', [12_345]);
    const [v2] = (await issue(2025, [aina.id])).issued;
    await issue(2025, [omar.id]);

    const res = await call(t, aina, 'GET', '/api/account/export');
    expect(res.status).toBe(200);
    const data = res.body.data as AccountExport;
    const payee = {
      fullName: 'NUR AINA BINTI HASHIM',
      idType: 'MYKAD',
      idNumber: '900615145071',
      taxNumber: 'IG20481357090',
      address: {
        line1: PAYEE.address.line1,
        line2: null,
        line3: null,
        postcode: '54200',
        city: 'Kuala Lumpur',
        state: 'KUALA_LUMPUR',
      },
    };
    expect(data.cp58Forms).toEqual([
      {
        id: v1?.id,
        year: 2025,
        version: 1,
        correctsVersion: null,
        issuedAt: v1?.issuedAt,
        locale: 'en',
        figures: {
          currency: 'MYR',
          lines: [
            { kind: 'CASH', amount: 600_000 },
            { kind: 'IN_KIND', amount: 0 },
          ],
          total: 600_000,
          payments: [expect.objectContaining({ paidAt: '2025-03-01T04:00:00.000Z', amount: 600_000 })],
        },
        // As issued: the address she had then, not today's.
        payee,
      },
      {
        id: v2?.id,
        year: 2025,
        version: 2,
        correctsVersion: 1,
        issuedAt: v2?.issuedAt,
        locale: 'en',
        figures: expect.objectContaining({ total: 612_345 }),
        payee: { ...payee, address: { ...payee.address, line1: 'No. 8, Jalan Ampang Hilir' } },
      },
    ]);
    expect(data.payee?.address.line1).toBe('No. 8, Jalan Ampang Hilir');
    // The rest of the export is as it was: the sections before it and after it are there.
    expect(data.payments).toHaveLength(2);
    expect(data.withholdingMarks).toEqual([]);
    // Another recruiter's forms are not in hers, nor hers in a recruiter's with none.
    expect(res.text).not.toMatch(/OMAR|880302075123/);
    expect(
      (await ok<AccountExport>(call(t, omar, 'GET', '/api/account/export'))).cp58Forms.map((f) => f.payee.fullName),
    ).toEqual(['OMAR FARUQ BIN YUSOF']);
    const none = await caller(t);
    expect((await ok<AccountExport>(call(t, none, 'GET', '/api/account/export'))).cp58Forms).toEqual([]);
  });

  it('issues at most a batch of forms a call, says how many remain, and the next calls issue the rest', async () => {
    const ready: Caller[] = [];
    for (let i = 0; i < 5; i += 1) {
      const recruiter = await caller(t);
      await paid(recruiter.id, '2025-04-01T04:00:00.000Z', [600_000 + i * 1_000]);
      await savePayee(recruiter);
      ready.push(recruiter);
    }
    // Omar, over the threshold without details: reported in every call, never counted as remaining.
    await paid(omar.id, '2025-05-05T04:00:00.000Z', [700_000]);
    const batch = (limit: number) =>
      ok<Cp58IssueResult>(call(t, admin, 'POST', '/api/admin/cp58/issue', { year: 2025, limit }));

    const first = await batch(2);
    expect([first.issued.length, first.remaining]).toEqual([2, 3]);
    expect(first.skipped).toEqual([{ recruiterId: omar.id, reason: 'MISSING', missing: ['PAYEE_DETAILS'] }]);
    expect(await formRows()).toHaveLength(2);
    const second = await batch(2);
    expect([second.issued.length, second.unchanged.length, second.remaining]).toEqual([2, 2, 1]);
    const third = await batch(2);
    expect([third.issued.length, third.unchanged.length, third.remaining]).toEqual([1, 4, 0]);
    // Each ready recruiter issued once, the highest paid first, and told once.
    const issued = [...first.issued, ...second.issued, ...third.issued].map((form) => form.recruiterId);
    expect(issued).toEqual(ready.map((r) => r.id).reverse());
    expect((await formRows()).map((row) => row.version)).toEqual([1, 1, 1, 1, 1]);
    const told = await t.db.selectFrom('notifications').select('user_id').where('kind', '=', 'CP58_ISSUED').execute();
    expect(told.map((n) => n.user_id).sort()).toEqual(ready.map((r) => r.id).sort());
    expect((await batch(2)).issued).toEqual([]);

    // The batch is the server's to bound: a larger limit is refused, and none issues at most CP58_ISSUE_BATCH.
    const tooMany = await call(t, admin, 'POST', '/api/admin/cp58/issue', { year: 2025, limit: CP58_ISSUE_BATCH + 1 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields).toEqual({ limit: 'field_invalid' });
  });

  it('issues one version when two admins issue at the same moment', async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await savePayee(aina);
    const other = await adminCaller(t, 'admin2@example.com');
    const [a, b] = await Promise.all([
      ok<Cp58IssueResult>(call(t, admin, 'POST', '/api/admin/cp58/issue', { year: 2025 })),
      ok<Cp58IssueResult>(call(t, other, 'POST', '/api/admin/cp58/issue', { year: 2025 })),
    ]);
    expect([a.issued.length, b.issued.length].sort()).toEqual([0, 1]);
    expect([a.unchanged.length, b.unchanged.length].sort()).toEqual([0, 1]);
    expect((await formRows()).map((row) => row.version)).toEqual([1]);
    expect(await t.db.selectFrom('notifications').select('kind').where('user_id', '=', aina.id).execute()).toEqual([
      { kind: 'CP58_ISSUED' },
    ]);
  });

  it("writes the form's every part into the PDF, in the recruiter's language, and keeps the bytes as issued", async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [350_000, 150_050]);
    await paid(aina.id, '2025-11-11T02:00:00.000Z', [100_000]);
    await savePayee(aina);
    const [form] = (await issue(2025)).issued;
    const pdf = await download(admin, `/api/admin/cp58/forms/${form?.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="cp58-2025-${aina.id}-v1.pdf"`);
    const text = await pdfText(pdf.bytes);
    const money = (minor: number) => formatMinorUnits(minor, 'MYR', INTL_LOCALES.en).replace(/\s+/g, ' ');
    for (const part of [
      'Form CP58',
      'Statement of incentive payments to an agent, dealer or distributor for the year 2025',
      'Income Tax Act 1967, section 83A',
      '1 January to 31 December 2025, Malaysia time',
      'Version 1, issued',
      // Part A: the payer.
      'Part A: Payer',
      'Rekrut Bakat Sdn Bhd',
      '202001012345 (1234567-X)',
      'E 9876543210',
      'Level 5, Menara Contoh',
      '50450 Kuala Lumpur',
      '+60 3-1234 5678',
      // Part B: the payee, the MyKad number as printed on the card.
      'Part B: Payee (agent, dealer or distributor)',
      'Name as on identity card',
      'NUR AINA BINTI HASHIM',
      'Identity card no. (MyKad)',
      '900615-14-5071',
      'IG20481357090',
      'No. 12, Jalan Setiawangsa 9',
      '54200 Kuala Lumpur',
      'Wilayah Persekutuan Kuala Lumpur',
      // Part C: the incentives by kind, the total, and the payments making it up.
      'Part C: Incentives paid in 2025',
      'Commission or incentive in cash',
      money(600_050),
      'Incentives in kind',
      money(0),
      'Total',
      'MBB-2025-03-01',
      money(500_050),
      money(100_000),
      'Prepared by the payer from its own records',
      'Form CP58 · 2025 · version 1 · page 1 of 1',
    ])
      expect(text, part).toContain(part);

    // Stored as issued: the recruiter's download is the same bytes, and so is the admin's a year on.
    t.clock.advance(365 * 24 * 3_600_000);
    aina = { ...aina, token: (await t.login(aina.email)).accessToken };
    admin = { ...admin, token: (await t.login(admin.email)).accessToken };
    const mine = await download(aina, `/api/recruiter/earning/cp58/${form?.id}/pdf`);
    expect(mine.status).toBe(200);
    expect(Buffer.from(mine.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
    const later = await download(admin, `/api/admin/cp58/forms/${form?.id}/pdf`);
    expect(Buffer.from(later.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
    const row = await t.db.selectFrom('cp58_forms').selectAll().executeTakeFirstOrThrow();
    expect(openPdf(sealingKeysOf(t.env), row).equals(Buffer.from(pdf.bytes))).toBe(true);

    // In Malay and Chinese for recruiters who read them.
    for (const [locale, title, part] of [
      ['ms', 'Borang CP58', 'Bahagian B: Penerima'],
      ['zh', 'CP58表格', 'B部分：收款人'],
    ] as const) {
      const reader = await caller(t, { locale });
      await paid(reader.id, '2025-06-01T04:00:00.000Z', [500_100]);
      await savePayee(reader);
      const [theirs] = (await issue(2025, [reader.id])).issued;
      expect(theirs?.locale).toBe(locale);
      const words = await pdfText((await download(admin, `/api/admin/cp58/forms/${theirs?.id}/pdf`)).bytes);
      expect(words).toContain(title);
      expect(words).toContain(part);
      expect(words).toContain('900615-14-5071');
    }
  });

  it('lets only admins list, issue and download, and a recruiter only their own forms', async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await savePayee(aina);
    const [form] = (await issue(2025)).issued;
    const id = form?.id;
    for (const [method, path] of [
      ['GET', '/api/admin/cp58?year=2025'],
      ['POST', '/api/admin/cp58/issue'],
      ['GET', `/api/admin/cp58/forms/${id}/pdf`],
      ['GET', '/api/admin/cp58/archive.zip?year=2025'],
      ['GET', '/api/admin/cp58/export.csv?year=2025'],
    ] as const) {
      expect((await call(t, null, method, path, method === 'POST' ? { year: 2025 } : undefined)).status).toBe(401);
      expect((await call(t, aina, method, path, method === 'POST' ? { year: 2025 } : undefined)).status).toBe(403);
    }
    // Another recruiter's form is no form to Omar; Aina reads hers.
    expect((await download(omar, `/api/recruiter/earning/cp58/${id}/pdf`)).status).toBe(404);
    expect((await download(aina, `/api/recruiter/earning/cp58/${id}/pdf`)).status).toBe(200);
    expect((await ok<Cp58RecruiterView>(call(t, omar, 'GET', '/api/recruiter/earning/cp58'))).forms).toEqual([]);
    const view = await ok<Cp58RecruiterView>(call(t, aina, 'GET', '/api/recruiter/earning/cp58'));
    expect(view).toMatchObject({ threshold: 500_000, forms: [{ id, year: 2025, version: 1 }], requests: [] });
    // An admin is no recruiter: the recruiter's calls are not theirs.
    expect((await call(t, admin, 'GET', '/api/recruiter/earning/cp58')).status).toBe(403);
    expect((await download(admin, '/api/admin/cp58/forms/99999/pdf')).status).toBe(404);
    // Nothing was issued by the refused calls.
    expect((await formRows()).length).toBe(1);
  });

  it("writes a line of the access record for each form an admin downloads, alone, in the archive or in the CSV's list", async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await paid(omar.id, '2025-03-01T04:00:00.000Z', [700_000]);
    await savePayee(aina);
    await savePayee(omar, { ...PAYEE, fullName: 'OMAR BIN FARUQ', idType: 'PASSPORT', idNumber: 'A12345678' });
    const { issued } = await issue(2025);
    await savePayee(aina, { ...PAYEE, taxNumber: 'IG 1111111111 0' });
    await issue(2025, [aina.id]);
    const forms = await formRows();
    expect(forms.map((f) => [f.recruiter_id, f.version])).toEqual([
      [omar.id, 1],
      [aina.id, 1],
      [aina.id, 2],
    ]);
    const lines = () =>
      t.db
        .selectFrom('access_log')
        .select(['actor_id', 'action', 'subject_kind', 'subject_id', 'detail'])
        .where('action', 'in', ['CP58_DOWNLOAD', 'CP58_EXPORT'])
        .orderBy('id')
        .execute();

    // One PDF: one line.
    await download(admin, `/api/admin/cp58/forms/${issued[0]?.id}/pdf`);
    expect(await lines()).toEqual([
      {
        actor_id: admin.id,
        action: 'CP58_DOWNLOAD',
        subject_kind: 'RECRUITER',
        subject_id: issued[0]?.recruiterId,
        detail: JSON.stringify({ formId: issued[0]?.id, year: 2025, version: 1 }),
      },
    ]);

    // The archive: every version of the year, one line each.
    const zip = await download(admin, '/api/admin/cp58/archive.zip?year=2025');
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(
      [`cp58-2025-${aina.id}-v1.pdf`, `cp58-2025-${aina.id}-v2.pdf`, `cp58-2025-${omar.id}-v1.pdf`].sort(),
    );
    for (const form of forms) {
      const name = `cp58-2025-${form.recruiter_id}-v${form.version}.pdf`;
      expect(Buffer.from(files[name] as Uint8Array).equals(openPdf(sealingKeysOf(t.env), form))).toBe(true);
    }
    const inArchive = (await lines())
      .slice(1)
      .map((line) => [line.subject_id, JSON.parse(line.detail ?? '{}').version]);
    expect(inArchive).toHaveLength(3);
    expect(inArchive).toEqual(expect.arrayContaining(forms.map((form) => [form.recruiter_id, form.version])));

    // The CSV: the list, with each payee as the latest version states them; a line per recruiter in it.
    const csv = await download(admin, '/api/admin/cp58/export.csv?year=2025');
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="cp58-2025-list-2026-11-22.csv"');
    const text = strFromU8(csv.bytes);
    const [header, ...records] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Name as on identity card,ID type,ID number,Income tax number');
    expect(records).toHaveLength(2);
    expect(records.find((r) => r.includes('OMAR BIN FARUQ'))).toContain('PASSPORT,A12345678');
    const ainaLine = records.find((r) => r.includes('NUR AINA BINTI HASHIM')) ?? '';
    expect(ainaLine).toContain('MYKAD,"900615-14-5071",IG11111111110');
    expect(ainaLine).toContain('6000.00,0.00,6000.00');
    const exported = (await lines()).filter((line) => line.action === 'CP58_EXPORT');
    expect(exported.map((line) => line.subject_id).sort()).toEqual([aina.id, omar.id].sort());

    // A recruiter reading their own form is no access to someone else's data: no line.
    const before = (await lines()).length;
    await download(aina, `/api/recruiter/earning/cp58/${forms[2]?.id}/pdf`);
    expect((await lines()).length).toBe(before);
  });

  it('takes a request from a recruiter below the threshold, tells the admins once, and the admin issues it from the list', async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [120_000]);
    await savePayee(aina);
    expect((await list(2025)).rows).toEqual([]);

    const asked = await ok(call(t, aina, 'POST', '/api/recruiter/earning/cp58/request', { year: 2025 }));
    expect(asked).toEqual({ year: 2025, requestedAt: '2026-11-22T02:00:00.000Z', waiting: true });
    const events = () =>
      t.db.selectFrom('notification_events').select(['kind', 'audience', 'path', 'payload']).orderBy('id').execute();
    expect(await events()).toEqual([
      {
        kind: 'ADMIN_CP58_REQUESTED',
        audience: 'ADMINS',
        path: '/admin/paperwork?year=2025',
        payload: JSON.stringify({ recruiterName: 'Nur Aina', year: 2025 }),
      },
    ]);
    // Asking again while it waits changes nothing and tells nobody twice.
    t.clock.advance(60_000);
    expect(await ok(call(t, aina, 'POST', '/api/recruiter/earning/cp58/request', { year: 2025 }))).toEqual(asked);
    expect(await events()).toHaveLength(1);

    // The digest (10:00 in Kuala Lumpur, the admin's zone) counts it among what waits.
    await sendAdminDigests(t.deps);
    const digest = await t.db
      .selectFrom('notifications')
      .select('payload')
      .where('kind', '=', 'ADMIN_DIGEST')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(digest.payload)).toMatchObject({ cp58Requests: 1 });

    const row = (await list(2025)).rows[0];
    expect(row).toMatchObject({
      recruiter: { id: aina.id },
      paid: { amount: 120_000 },
      overThreshold: false,
      request: { requestedAt: '2026-11-22T02:00:00.000Z' },
      status: 'NOT_ISSUED',
    });
    // Issuing everything ready includes her: she asked.
    t.clock.advance(60_000);
    expect((await issue(2025)).issued.map((form) => form.recruiterId)).toEqual([aina.id]);
    const view = await ok<Cp58RecruiterView>(call(t, aina, 'GET', '/api/recruiter/earning/cp58'));
    expect(view.requests).toEqual([{ year: 2025, requestedAt: '2026-11-22T02:00:00.000Z', waiting: false }]);
    expect((await list(2025)).rows[0]?.request).toBeNull();

    // Asking again after it was issued (details corrected since) asks again.
    t.clock.advance(60_000);
    expect(await ok(call(t, aina, 'POST', '/api/recruiter/earning/cp58/request', { year: 2025 }))).toMatchObject({
      waiting: true,
      requestedAt: '2026-11-22T02:03:00.000Z',
    });
    expect(await events()).toHaveLength(2);

    // No form for a year still running, nor for a year with nothing paid in ringgit; an admin asks nothing.
    const refused = async (year: number) => call(t, aina, 'POST', '/api/recruiter/earning/cp58/request', { year });
    expect(await refused(2026)).toMatchObject({
      status: 409,
      body: { error: { fields: { year: 'cp58_year_not_over' } } },
    });
    expect(await refused(2024)).toMatchObject({
      status: 409,
      body: { error: { fields: { year: 'cp58_nothing_paid' } } },
    });
    expect((await call(t, admin, 'POST', '/api/recruiter/earning/cp58/request', { year: 2025 })).status).toBe(403);
    // Named by an admin, a recruiter neither over the threshold, nor asking, nor issued one is not issued one.
    const unlisted = await caller(t);
    await paid(unlisted.id, '2025-03-01T04:00:00.000Z', [100]);
    const skipped = (await issue(2025, [unlisted.id, admin.id])).skipped;
    expect(skipped.sort((a, b) => a.recruiterId - b.recruiterId)).toEqual(
      [unlisted.id, admin.id]
        .sort((a, b) => a - b)
        .map((recruiterId) => ({ recruiterId, reason: 'NOT_LISTED', missing: [] })),
    );
  });

  it("issues nothing while the payer's own details are incomplete, and says which", async () => {
    await t.close();
    t = await createTestApp(dialect, { PAYER_NAME: 'Rekrut Bakat Sdn Bhd' });
    admin = await adminCaller(t);
    aina = await caller(t, { email: 'aina@example.com' });
    task = await insertTask(t);
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await savePayee(aina);
    expect((await list(2025)).payerMissing).toEqual(['REGISTRATION_NUMBER', 'EMPLOYER_NUMBER', 'ADDRESS']);
    const refused = await call(t, admin, 'POST', '/api/admin/cp58/issue', { year: 2025 });
    expect(refused).toMatchObject({ status: 409, body: { error: { fields: { payer: 'cp58_payer_incomplete' } } } });
    expect(await formRows()).toEqual([]);
  });

  it('keeps the forms RETENTION_PAYMENT_YEARS after the year they state, then erases them and says so in the access record', async () => {
    await t.close();
    t = await createTestApp(dialect, { ...PAYER, RETENTION_PAYMENT_YEARS: '1' });
    admin = await adminCaller(t);
    aina = await caller(t, { email: 'aina@example.com' });
    task = await insertTask(t);
    await paid(aina.id, '2024-03-01T04:00:00.000Z', [600_000]);
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await savePayee(aina);
    await issue(2024);
    await issue(2025);
    await ok(call(t, aina, 'POST', '/api/recruiter/earning/cp58/request', { year: 2024 }));
    // On 22 November 2026, a year after 2024 ended: 2024's forms and requests go, 2025's stay until 2027.
    const run = await applyRetention(t.deps);
    expect(run.cp58FormsErased).toBe(1);
    expect((await formRows()).map((row) => row.year)).toEqual([2025]);
    expect(await t.db.selectFrom('cp58_requests').select('year').execute()).toEqual([]);
    const line = await t.db
      .selectFrom('access_log')
      .select(['actor_kind', 'action', 'subject_kind', 'subject_id', 'detail'])
      .where('action', '=', 'RETENTION_ERASE')
      .executeTakeFirstOrThrow();
    expect(line).toEqual({
      actor_kind: 'SYSTEM',
      action: 'RETENTION_ERASE',
      subject_kind: 'RECRUITER',
      subject_id: aina.id,
      detail: JSON.stringify({ what: 'cp58', year: 2024, forms: 1 }),
    });
    expect((await applyRetention(t.deps)).cp58FormsErased).toBe(0);
    // The Malaysian new year decides: 2025's forms are past keeping 7 years on from 00:00 on 1 January 2033 there.
    expect(lastExpiredYear(new Date('2032-12-31T15:59:59.999Z'), 7)).toBe(2024);
    expect(lastExpiredYear(new Date('2032-12-31T16:00:00.000Z'), 7)).toBe(2025);
  });

  it('seals each form again under a new key at start, and the form still opens the same', async () => {
    await paid(aina.id, '2025-03-01T04:00:00.000Z', [600_000]);
    await savePayee(aina);
    await issue(2025);
    const [before] = await formRows();
    const oldKeys = sealingKeysOf(t.env);
    const rotated = parseSealingKeys(`${newSealingKeyEntry('next')},${t.env.SEALING_KEYS}`);
    const run = await resealOldValues(t.db, rotated);
    expect(run.unreadable).toBe(0);
    const [after] = await formRows();
    if (!before || !after) throw new Error('no form');
    expect(after.pdf_sealed.startsWith('s1.next.')).toBe(true);
    expect(after.payee_sealed.startsWith('s1.next.')).toBe(true);
    expect(openPdf(rotated, after).equals(openPdf(oldKeys, before))).toBe(true);
    expect(openContent(rotated, after)).toEqual(openContent(oldKeys, before));
    // Nothing else of the form moved.
    const { pdf_sealed: _a, payee_sealed: _b, ...rest } = after;
    const { pdf_sealed: _c, payee_sealed: _d, ...was } = before;
    expect(rest).toEqual(was);
  });
});

describe('Form CP58 on the disk (SQLite)', () => {
  it('leaves the identity number in neither the database file nor its WAL: the form and its PDF are sealed', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-cp58-'));
    const file = path.join(dataDir, 'app.db');
    const t = await createTestApp(
      'sqlite',
      { ...PAYER, DATA_DIR: dataDir, SEALING_KEYS: newSealingKeyEntry('disk') },
      { sqliteFile: file },
    );
    try {
      const admin = await adminCaller(t);
      const aina = await caller(t, { email: 'aina@example.com' });
      await ok(call(t, aina, 'PUT', '/api/account/payee', PAYEE));
      const task = await insertTask(t);
      const talent = await insertTalent(t, aina.id);
      const referral = await insertReferral(t, talent, task, {
        reward_status: 'APPROVED',
        reward_amount: 600_000,
        reward_currency: 'MYR',
      });
      await insertPayment(t, {
        recruiterId: aina.id,
        createdBy: admin.id,
        referralIds: [referral],
        paidAt: '2025-03-01T04:00:00.000Z',
        reference: 'MBB-1',
      });
      const result = await ok<Cp58IssueResult>(call(t, admin, 'POST', '/api/admin/cp58/issue', { year: 2025 }));
      expect(result.issued).toHaveLength(1);
      const traces = ['900615145071', '900615-14-5071', 'Setiawangsa'];
      const found = () => {
        const bytes = [file, `${file}-wal`].filter(existsSync).map((name) => readFileSync(name));
        return traces.filter((trace) => bytes.some((b) => b.includes(Buffer.from(trace, 'utf8'))));
      };
      expect(found()).toEqual([]);
      new Sqlite(file).pragma('wal_checkpoint(truncate)');
      expect(found()).toEqual([]);
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
