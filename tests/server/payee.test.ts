import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRetention } from '#src/server/jobs/retention.ts';
import { readPayee } from '#src/server/personal-data/sealed-details.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import type { AccountExport } from '#src/shared/account-types.ts';
import { isMyKadNumber } from '#src/shared/payee-schemas.ts';
import type { PayeeDetails } from '#src/shared/payee-types.ts';
import { adminCaller, type Caller, call, caller, ok } from './helpers/money-fixtures';
import { insertPayment } from './helpers/money-rows';
import { insertTask, referNewTalent } from './helpers/rows';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 46: a recruiter's details for Form CP58 (the payee), on their account, sealed at rest, read by
// admins only through a call that writes the access record.

const DETAILS = {
  fullName: 'SITI AMINAH @ AMINAH BINTI ABU',
  idType: 'MYKAD',
  idNumber: '900615-14-5071',
  taxNumber: 'ig 2048 1357 090',
  address: {
    line1: 'No. 12, Jalan Setiawangsa 9',
    line2: '  ',
    postcode: '54200',
    city: 'Kuala Lumpur',
    state: 'KUALA_LUMPUR',
  },
};

describe('a MyKad number', () => {
  it('is a date of birth, a place-of-birth code that is given, and four digits', () => {
    expect(isMyKadNumber('900615145071')).toBe(true);
    expect(isMyKadNumber('000229085123')).toBe(true); // 29 February 2000
    expect(isMyKadNumber('990229085123')).toBe(false); // 1999 and 2099 had no 29 February
    expect(isMyKadNumber('901315145071')).toBe(false); // month 13
    expect(isMyKadNumber('900631145071')).toBe(false); // 31 June
    for (const place of ['00', '17', '20', '69', '70', '73', '80', '81', '94', '97'])
      expect(isMyKadNumber(`900615${place}5071`), place).toBe(false);
    for (const place of ['01', '16', '21', '59', '60', '71', '82', '93', '98', '99'])
      expect(isMyKadNumber(`900615${place}5071`), place).toBe(true);
    expect(isMyKadNumber('90061514507')).toBe(false);
  });
});

describe.each(DIALECTS)('payee details on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let me: Caller;
  let other: Caller;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    admin = await adminCaller(t);
    me = await caller(t, { email: 'aina@example.com' });
    other = await caller(t, { email: 'omar@example.com' });
  });
  afterEach(async () => {
    await t?.close();
  });

  const save = (who: Caller | null, body: unknown) => call(t, who, 'PUT', '/api/account/payee', body);
  const accessLines = () => t.db.selectFrom('access_log').selectAll().orderBy('id').execute();

  it('are saved and read back by the recruiter, compact, with blank lines as none', async () => {
    expect(await ok(call(t, me, 'GET', '/api/account/payee'))).toBeNull();
    const saved = await ok<PayeeDetails>(save(me, DETAILS));
    expect(saved).toEqual({
      fullName: 'SITI AMINAH @ AMINAH BINTI ABU',
      idType: 'MYKAD',
      idNumber: '900615145071',
      taxNumber: 'IG20481357090',
      address: {
        line1: 'No. 12, Jalan Setiawangsa 9',
        line2: null,
        line3: null,
        postcode: '54200',
        city: 'Kuala Lumpur',
        state: 'KUALA_LUMPUR',
      },
      updatedAt: t.clock.now().toISOString(),
    });
    expect(await ok(call(t, me, 'GET', '/api/account/payee'))).toEqual(saved);
    // A change replaces them: a passport, no tax number.
    const passport = await ok<PayeeDetails>(
      save(me, { ...DETAILS, idType: 'PASSPORT', idNumber: 'a 1234567', taxNumber: '' }),
    );
    expect(passport).toMatchObject({ idType: 'PASSPORT', idNumber: 'A1234567', taxNumber: null });
    // Each recruiter's are their own; nobody else's changed.
    expect(await ok(call(t, other, 'GET', '/api/account/payee'))).toBeNull();
  });

  it('refuses what cannot be on the form, field by field, and keeps what was saved', async () => {
    await ok(save(me, DETAILS));
    const refused = async (body: unknown) => {
      const res = await save(me, body);
      expect(res.status, res.text).toBe(400);
      return res.body.error.fields as Record<string, string>;
    };
    expect(await refused({ ...DETAILS, idNumber: '901315-14-5071' })).toEqual({ idNumber: 'mykad_invalid' });
    expect(await refused({ ...DETAILS, idNumber: '900615-19-5071' })).toEqual({ idNumber: 'mykad_invalid' });
    expect(await refused({ ...DETAILS, idNumber: '9006151450' })).toEqual({ idNumber: 'mykad_invalid' });
    expect(await refused({ ...DETAILS, idType: 'PASSPORT', idNumber: 'A1#' })).toEqual({
      idNumber: 'passport_invalid',
    });
    expect(await refused({ ...DETAILS, taxNumber: '12345' })).toEqual({ taxNumber: 'tax_number_invalid' });
    expect(await refused({ ...DETAILS, fullName: 'Visit www.example.com' })).toEqual({ fullName: 'name_invalid' });
    expect(await refused({ ...DETAILS, fullName: 'aina@example.com' })).toEqual({ fullName: 'name_invalid' });
    expect(await refused({ ...DETAILS, address: { ...DETAILS.address, postcode: '5420' } })).toEqual({
      'address.postcode': 'postcode_invalid',
    });
    expect(await refused({ ...DETAILS, address: { ...DETAILS.address, state: 'BALI' } })).toEqual({
      'address.state': 'field_required',
    });
    expect(await refused({ fullName: ' ' })).toMatchObject({
      fullName: 'field_required',
      idType: 'field_required',
      idNumber: 'field_required',
      address: 'field_required',
    });
    expect((await ok<PayeeDetails>(call(t, me, 'GET', '/api/account/payee'))).idNumber).toBe('900615145071');
  });

  it('are only ever a recruiter’s own: no call takes a user id, admins have none, and nobody anonymous', async () => {
    // An id in the body is not a field: it is dropped, and the caller's own details are saved.
    await ok(save(other, { ...DETAILS, userId: me.id, id: me.id }));
    expect(await ok(call(t, me, 'GET', '/api/account/payee'))).toBeNull();
    expect(((await ok(call(t, other, 'GET', '/api/account/payee'))) as PayeeDetails).fullName).toBe(DETAILS.fullName);
    // Only recruiters are paid; an admin-only account has no payee details of its own.
    expect((await call(t, admin, 'GET', '/api/account/payee')).status).toBe(403);
    expect((await save(admin, DETAILS)).status).toBe(403);
    expect((await call(t, null, 'GET', '/api/account/payee')).status).toBe(401);
    expect((await save(null, DETAILS)).status).toBe(401);
    // A recruiter never reaches the admin's call, for anyone.
    for (const id of [me.id, other.id])
      expect((await call(t, me, 'GET', `/api/admin/recruiters/${id}/payee`)).status).toBe(403);
    expect(await accessLines()).toEqual([]);
  });

  it('are read by an admin whole, and every read is a line of the access record', async () => {
    await ok(save(me, DETAILS));
    const res = await t.request(`/api/admin/recruiters/${me.id}/payee`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': '203.0.113.9', 'user-agent': 'Test/1.0' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: PayeeDetails }).data.idNumber).toBe('900615145071');
    expect(await ok(call(t, admin, 'GET', `/api/admin/recruiters/${other.id}/payee`))).toBeNull();
    const lines = await accessLines();
    expect(lines).toMatchObject([
      {
        actor_id: admin.id,
        actor_kind: 'ADMIN',
        action: 'PAYEE_VIEW',
        subject_kind: 'RECRUITER',
        subject_id: me.id,
        talent_id: null,
        ip: '203.0.113.9',
        user_agent: 'Test/1.0',
      },
      { actor_id: admin.id, action: 'PAYEE_VIEW', subject_id: other.id },
    ]);
    // The record says who read whose details, never the details.
    expect(JSON.stringify(lines)).not.toMatch(/900615|SITI|Setiawangsa/);
    // The access record's screen shows the lines, filtered by action.
    const page = await ok<{ items: { action: string; subject: { kind: string; id: number } }[] }>(
      call(t, admin, 'GET', '/api/admin/access-log?action=PAYEE_VIEW'),
    );
    expect(page.items.map((item) => item.subject)).toEqual([
      { kind: 'RECRUITER', id: other.id },
      { kind: 'RECRUITER', id: me.id },
    ]);
    // An admin's own id, or none, is no recruiter: 404, and nothing recorded.
    expect((await call(t, admin, 'GET', `/api/admin/recruiters/${admin.id}/payee`)).status).toBe(404);
    expect((await call(t, admin, 'GET', '/api/admin/recruiters/99999/payee')).status).toBe(404);
    expect(await accessLines()).toHaveLength(2);
  });

  it("are sealed at rest: the row holds none of them as typed, and opens to them with the operator's keys", async () => {
    await ok(save(me, DETAILS));
    const row = await t.db.selectFrom('payees').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^s1\./);
    expect(JSON.stringify(row)).not.toMatch(/900615|145071|SITI|AMINAH|Setiawangsa|54200|IG2048/);
    expect((await readPayee(t.db, sealingKeysOf(t.env), me.id))?.idNumber).toBe('900615145071');
    // Sealed for this recruiter's row: copied to another's, it does not open.
    await t.db
      .insertInto('payees')
      .values({ ...row, user_id: other.id })
      .execute();
    await expect(readPayee(t.db, sealingKeysOf(t.env), other.id)).rejects.toThrow(/does not open/);
  });

  it("go into the recruiter's own data export, with the payments, and the bank number masked", async () => {
    await ok(save(me, DETAILS));
    await ok(
      call(t, me, 'PUT', '/api/account/payout', {
        bankName: 'Maybank',
        accountName: 'Siti Aminah',
        accountNumber: '5140 1234 5678',
      }),
    );
    const task = await insertTask(t, { code: 'T-000042', title: 'Route Planner' });
    const referral = await referNewTalent(t, me.id, task, {
      reward_status: 'APPROVED',
      reward_amount: 12_345,
      reward_currency: 'MYR',
    });
    const paymentId = await insertPayment(t, {
      recruiterId: me.id,
      createdBy: admin.id,
      referralIds: [referral],
      paidAt: '2026-11-01T02:00:00.000Z',
      reference: 'MBB-9',
    });
    const res = await call(t, me, 'GET', '/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data-2026-11-22.json"');
    const data = res.body.data as AccountExport;
    expect(data.account).toMatchObject({
      id: me.id,
      email: 'aina@example.com',
      payout: { accountNumberMasked: '•••• 5678' },
    });
    expect(res.text).not.toContain('5140 1234 5678');
    expect(data.payee).toMatchObject({ idNumber: '900615145071', taxNumber: 'IG20481357090' });
    expect(data.payments).toEqual([
      expect.objectContaining({
        id: paymentId,
        status: 'PAID',
        amount: 12_345,
        referrals: [expect.objectContaining({ id: referral, taskCode: 'T-000042', amount: 12_345 })],
      }),
    ]);
    // Another recruiter's export holds none of it.
    const theirs = await call(t, other, 'GET', '/api/account/export');
    expect(theirs.text).not.toMatch(/900615|T-000042|MBB-9/);
    expect((theirs.body.data as AccountExport).payee).toBeNull();
  });

  describe('kept as long as the payments that need them', () => {
    const YEAR = 365 * 24 * 3_600_000;
    async function paidLongAgo(recruiterId: number, at: string) {
      const task = await insertTask(t);
      const referral = await referNewTalent(t, recruiterId, task, { reward_status: 'APPROVED', reward_amount: 100 });
      const id = await insertPayment(t, {
        recruiterId,
        createdBy: admin.id,
        referralIds: [referral],
        paidAt: at,
        createdAt: at,
      });
      return id;
    }
    const deactivate = (id: number) =>
      t.db.updateTable('users').set({ status: 'DEACTIVATE' }).where('id', '=', id).execute();
    const payeeIds = async () =>
      (await t.db.selectFrom('payees').select('user_id').orderBy('user_id').execute()).map((row) => row.user_id);

    it('stay while the account is active or a payment, a pending one or an owed reward needs them; then go', async () => {
      const active = me;
      const recent = other;
      const pending = await caller(t, { email: 'pending@example.com' });
      const owed = await caller(t, { email: 'owed@example.com' });
      const done = await caller(t, { email: 'done@example.com' });
      const never = await caller(t, { email: 'never@example.com' });
      for (const who of [active, recent, pending, owed, done, never]) await ok(save(who, DETAILS));
      const old = '2018-01-10T02:00:00.000Z';
      for (const who of [active, recent, pending, owed, done]) await paidLongAgo(who.id, old);
      await paidLongAgo(recent.id, new Date(t.clock.now().getTime() - 6 * YEAR).toISOString());
      const task = await insertTask(t);
      await insertPayment(t, {
        recruiterId: pending.id,
        createdBy: admin.id,
        referralIds: [await referNewTalent(t, pending.id, task, { reward_status: 'APPROVED', reward_amount: 5 })],
        paidAt: null,
        createdAt: old,
      });
      await referNewTalent(t, owed.id, task, { reward_status: 'APPROVED', reward_amount: 5 });
      for (const who of [recent, pending, owed, done, never]) await deactivate(who.id);

      const run = await applyRetention(t.deps);
      expect(run.payeesErased).toBe(2);
      expect(await payeeIds()).toEqual([active.id, recent.id, pending.id, owed.id].sort((a, b) => a - b));
      const lines = await t.db
        .selectFrom('access_log')
        .select(['actor_kind', 'action', 'subject_kind', 'subject_id'])
        .where('subject_kind', '=', 'RECRUITER')
        .orderBy('subject_id')
        .execute();
      expect(lines).toEqual(
        [done.id, never.id].map((id) => ({
          actor_kind: 'SYSTEM',
          action: 'RETENTION_ERASE',
          subject_kind: 'RECRUITER',
          subject_id: id,
        })),
      );
      // Seven years after the last payment, the recent one's go too; a second run finds nothing more.
      t.clock.advance(2 * YEAR);
      expect((await applyRetention(t.deps)).payeesErased).toBe(1);
      expect(await payeeIds()).toEqual([active.id, pending.id, owed.id].sort((a, b) => a - b));
      expect((await applyRetention(t.deps)).payeesErased).toBe(0);
    });
  });
});
