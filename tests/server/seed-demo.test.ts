// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/server/db/database.ts';
import { PAYMENTS, REFERRALS, TALENTS } from '#src/server/db/demo/catalog.ts';
import { seedDemo } from '#src/server/db/seed-demo.ts';
import { cp58YearList } from '#src/server/modules/cp58/cp58-list.ts';
import { monthOfInstant } from '#src/server/modules/insight/period.ts';
import { listMarks } from '#src/server/modules/withholding/withholding-marks.ts';
import { withholdingMonth } from '#src/server/modules/withholding/withholding-month.ts';
import { malaysiaYearOf } from '#src/server/modules/withholding/withholding-year.ts';
import { verifyPassword } from '#src/server/security/passwords.ts';
import { sealingKeysOf } from '#src/server/security/sealing.ts';
import { CONSENT_STATUSES, HIRING_STATUSES, ITA_STATUSES, JOB_TYPES, REWARD_STATUSES } from '#src/shared/enums.ts';
import { formatMinorUnits, toMajorUnits } from '#src/shared/money.ts';
import { createDeps, DATABASES, type TestDeps } from './helpers/mail-helpers';

const PAID_LIKE = ['APPROVED', 'PENDING_PAYMENT', 'PAID'];

describe.each(DATABASES)('demo data on %s', (kind) => {
  let deps: TestDeps;
  let result: Awaited<ReturnType<typeof seedDemo>>;

  beforeAll(async () => {
    deps = await createDeps(kind);
    result = await seedDemo(deps);
  });
  afterAll(async () => {
    await deps.close();
  });

  const all = <T extends keyof Database>(table: T): Promise<Selectable<Database[T]>[]> =>
    deps.db.selectFrom(table).selectAll().execute() as never;

  it('creates the demo accounts, all with the demo password', async () => {
    expect(result?.accounts).toEqual([
      { email: 'admin@example.com', role: 'ROLE_ADMIN' },
      { email: 'recruiter@example.com', role: 'ROLE_RECRUITER' },
      { email: 'siti.recruiter@example.com', role: 'ROLE_RECRUITER' },
      { email: 'deactivated.recruiter@example.com', role: 'ROLE_RECRUITER' },
      { email: 'zarina.recruiter@example.com', role: 'ROLE_RECRUITER' },
      { email: 'rajesh.recruiter@example.com', role: 'ROLE_RECRUITER' },
    ]);
    const users = Object.fromEntries((await all('users')).map((u) => [u.email, u]));
    expect(JSON.parse(users['admin@example.com']?.roles ?? '[]')).toEqual(['ROLE_ADMIN']);
    expect(users['recruiter@example.com']).toMatchObject({
      status: 'ACTIVE',
      need_to_change_password: 0,
      remaining_ai_note_improvement: deps.env.AI_NOTE_QUOTA,
    });
    expect(users['siti.recruiter@example.com']).toMatchObject({
      status: 'ACTIVE',
      need_to_change_password: 1,
      locale: 'ms',
    });
    expect(users['deactivated.recruiter@example.com']?.status).toBe('DEACTIVATE');
    const hashes = new Set(Object.values(users).map((u) => u.password_hash));
    expect(hashes.size).toBe(1); // hashed once, reused
    expect(await verifyPassword([...hashes][0] ?? null, deps.env.DEMO_PASSWORD)).toBe(true);
  });

  it('creates at least 40 tasks of every job type, open, closed and expired by date', async () => {
    const tasks = await all('tasks');
    const now = deps.now().toISOString();
    expect(tasks.length).toBeGreaterThanOrEqual(40);
    expect(tasks.map((t) => t.code)).toContain('T-000001');
    expect(new Set(tasks.map((t) => t.job_type))).toEqual(new Set(JOB_TYPES));
    expect(tasks.some((t) => t.is_critical === 1)).toBe(true);
    expect(tasks.some((t) => t.status === 'CLOSED')).toBe(true);
    expect(
      tasks.filter((t) => t.status === 'OPEN' && t.expires_at !== null && t.expires_at < now).length,
    ).toBeGreaterThan(0);
    expect(
      tasks.filter((t) => t.status === 'OPEN' && (t.expires_at === null || t.expires_at > now)).length,
    ).toBeGreaterThan(20);
    expect(new Set(tasks.map((t) => t.salary_currency))).toEqual(new Set(['MYR', 'SGD', 'IDR']));
    for (const task of tasks) {
      // An executive search (issue 46's paperwork) pays RM5,000 to RM10,000 a valid referral; others RM150 to RM800.
      const search = task.title.endsWith('(executive search)');
      expect(task.reward_amount).toBeGreaterThanOrEqual(search ? 500_000 : 15_000);
      expect(task.reward_amount).toBeLessThanOrEqual(search ? 1_000_000 : 80_000);
      expect(task.quota).toBeGreaterThanOrEqual(3);
      expect(task.quota).toBeLessThanOrEqual(20);
      expect(task.description.split('\n\n').length).toBeGreaterThanOrEqual(3);
      expect(JSON.parse(task.required_skills).length).toBeGreaterThan(0);
      expect(JSON.parse(task.required_languages).length).toBeGreaterThan(0);
    }
  });

  // Rupiah has no minor digits (Intl): stored as cents, a Jakarta salary read as hundreds of millions a month.
  it('gives IDR salaries (tasks and talents) a realistic monthly figure in rupiah', async () => {
    const monthly = (stored: number | null) => formatMinorUnits(stored ?? 0, 'IDR', 'en-US');
    const amounts = [
      ...(await all('tasks')).filter((t) => t.salary_currency === 'IDR').flatMap((t) => [t.salary_min, t.salary_max]),
      ...(await all('talents')).filter((t) => t.expected_salary_currency === 'IDR').map((t) => t.expected_salary),
    ];
    expect(amounts.length).toBeGreaterThanOrEqual(9);
    for (const amount of amounts) {
      expect(toMajorUnits(amount ?? 0, 'IDR'), monthly(amount)).toBeGreaterThanOrEqual(3_000_000);
      expect(toMajorUnits(amount ?? 0, 'IDR'), monthly(amount)).toBeLessThanOrEqual(40_000_000);
    }
    const putri = (await all('talents')).find((t) => t.email === 'putri.lestari@example.com');
    expect(monthly(putri?.expected_salary ?? null)).toBe('IDR\u00a012,000,000');
  });

  it('creates a running promo and a past one, each with several tasks', async () => {
    const now = deps.now().toISOString();
    const promos = await all('promos');
    expect(promos).toHaveLength(2);
    expect(promos.filter((p) => p.starts_at <= now && now < p.ends_at)).toHaveLength(1);
    expect(promos.filter((p) => p.ends_at < now)).toHaveLength(1);
    for (const promo of promos) {
      const tasks = await deps.db
        .selectFrom('promo_tasks')
        .select('task_id')
        .where('promo_id', '=', promo.id)
        .execute();
      expect(tasks.length).toBeGreaterThanOrEqual(3);
    }
    const main = await deps.db
      .selectFrom('recruiter_tasks')
      .innerJoin('users', 'users.id', 'recruiter_tasks.recruiter_id')
      .select('recruiter_tasks.task_id')
      .where('users.email', '=', 'recruiter@example.com')
      .execute();
    expect(main.length).toBeGreaterThanOrEqual(10);
  });

  it('has referrals in every consent, ITA, hiring and reward status', async () => {
    const referrals = await all('referrals');
    expect(referrals.length).toBeGreaterThanOrEqual(20);
    expect(new Set(referrals.map((r) => r.consent_status))).toEqual(new Set(CONSENT_STATUSES));
    expect(new Set(referrals.map((r) => r.ita_status))).toEqual(new Set(ITA_STATUSES));
    expect(new Set(referrals.map((r) => r.hiring_status))).toEqual(new Set(HIRING_STATUSES));
    expect(new Set(referrals.map((r) => r.reward_status))).toEqual(new Set([null, ...REWARD_STATUSES]));
    const talents = await deps.db.selectFrom('talents').select('recruiter_id').execute();
    // The first demo recruiter, the deactivated one, and the two of the money's paperwork.
    expect(new Set(talents.map((t) => t.recruiter_id)).size).toBe(4);
  });

  it('keeps rewards, promos and payments consistent with the rules', async () => {
    const [referrals, tasks, payments, promos] = await Promise.all([
      all('referrals'),
      all('tasks'),
      all('payments'),
      all('promos'),
    ]);
    const promoTasks = await deps.db.selectFrom('promo_tasks').selectAll().execute();
    const taskById = new Map(tasks.map((t) => [t.id, t]));
    const promoById = new Map(promos.map((p) => [p.id, p]));

    for (const r of referrals) {
      const task = taskById.get(r.task_id);
      if (!task) throw new Error('referral without task');
      if (r.promo_id !== null) {
        const promo = promoById.get(r.promo_id);
        expect(promo && promo.starts_at <= r.created_at && r.created_at < promo.ends_at).toBe(true);
        expect(promoTasks.some((pt) => pt.promo_id === r.promo_id && pt.task_id === r.task_id)).toBe(true);
      }
      if (PAID_LIKE.includes(r.reward_status ?? '')) {
        expect(r.consent_status).toBe('CONFIRMED');
        const bonus = r.promo_id !== null ? (promoById.get(r.promo_id)?.bonus_amount ?? 0) : 0;
        expect(r.reward_amount).toBe(task.reward_amount + bonus);
        expect(r.reward_currency).toBe('MYR');
      } else {
        expect(r.reward_amount).toBeNull();
      }
      if (r.ita_status !== 'NOT_SENT') expect(r.consent_status).toBe('CONFIRMED');
      if (r.reward_status === 'EXCEED_QUOTA') {
        const rewarded = referrals.filter(
          (o) => o.task_id === r.task_id && PAID_LIKE.includes(o.reward_status ?? '') && o.reward_decided_at !== null,
        );
        expect(rewarded.filter((o) => (o.reward_decided_at ?? '') < (r.reward_decided_at ?? '')).length).toBe(
          task.quota,
        );
      }
    }

    const paid = referrals.filter((r) => r.reward_status === 'PAID');
    const pending = referrals.filter((r) => r.reward_status === 'PENDING_PAYMENT');
    expect(paid.length).toBeGreaterThan(0);
    expect(pending.length).toBeGreaterThan(0);
    for (const r of [...paid, ...pending]) {
      const payment = payments.find((p) => p.id === r.payment_id);
      expect(payment?.status).toBe(r.reward_status === 'PAID' ? 'PAID' : 'PENDING');
      expect(payment?.recruiter_id).toBe(r.recruiter_id);
    }
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(['PENDING', 'PAID']));
    for (const payment of payments) {
      const members = referrals.filter((r) => r.payment_id === payment.id);
      expect(members.length).toBeGreaterThan(0);
      expect(payment.amount).toBe(members.reduce((sum, r) => sum + (r.reward_amount ?? 0), 0));
      expect(payment.paid_at !== null).toBe(payment.status === 'PAID');
    }
    expect(
      referrals.filter((r) => r.payment_id !== null && !['PAID', 'PENDING_PAYMENT'].includes(r.reward_status ?? '')),
    ).toEqual([]);
  });

  it('records an ordered history that ends in each referral’s current state', async () => {
    const referrals = await all('referrals');
    const history = await deps.db.selectFrom('referral_history').selectAll().orderBy('id').execute();
    const now = deps.now().toISOString();
    for (const r of referrals) {
      const rows = history.filter((h) => h.referral_id === r.id);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const times = rows.map((h) => h.created_at);
      expect(times).toEqual([...times].sort());
      expect(times[0]).toBe(r.created_at);
      expect(times.every((t) => t <= now)).toBe(true);
      const last = (action: string) => rows.filter((h) => h.action === action).at(-1)?.to_value;
      expect(last('HIRING_CHANGED') ?? 'SUBMITTED').toBe(r.hiring_status);
      expect(last('REWARD_CHANGED') ?? null).toBe(r.reward_status);
      expect(last('CONSENT_CHANGED') ?? 'PENDING').toBe(r.consent_status);
      expect(rows.every((h) => h.actor_id !== null || ['CONSENT_CHANGED', 'ITA_CHANGED'].includes(h.action))).toBe(
        true,
      );
    }
  });

  it('stores call proofs and resumes as real files in the file storage (DATA_DIR/files)', async () => {
    const proofs = await all('call_proofs');
    expect(new Set(proofs.map((p) => p.review_status))).toEqual(new Set(['NEED_REVIEW', 'ACCEPTED', 'REJECTED']));
    for (const proof of proofs) {
      if (proof.review_status === 'NEED_REVIEW') expect(proof.reviewed_by).toBeNull();
      else expect(proof.reviewed_at).not.toBeNull();
      if (proof.review_status === 'REJECTED') expect(proof.review_reason).toBeTruthy();
    }
    const files = await deps.db.selectFrom('files').selectAll().execute();
    expect(new Set(files.map((f) => f.mime_type))).toEqual(new Set(['application/pdf', 'image/png']));
    for (const file of files) {
      const bytes = await deps.storage.get(file.storage_key);
      if (!bytes) throw new Error(`no file ${file.storage_key}`);
      expect(existsSync(path.join(deps.env.DATA_DIR, 'files', file.storage_key))).toBe(true);
      expect(bytes.length).toBe(file.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      expect((await fileTypeFromBuffer(bytes))?.mime).toBe(file.mime_type);
    }
  });

  it('pays two recruiters of its own last year (Malaysia time), over RM5,000 and over RM100,000: Form CP58 lists both, ready to issue', async () => {
    const list = await cp58YearList(deps, 2025);
    expect(list.rows.map((row) => [row.recruiter.email, row.paid.amount, row.missing, row.status])).toEqual([
      ['rajesh.recruiter@example.com', 10_200_000, [], 'NOT_ISSUED'],
      ['zarina.recruiter@example.com', 650_000, [], 'NOT_ISSUED'],
    ]);
    // Their payee details are sealed as the account page seals them: no identity number in the rows.
    const sealed = JSON.stringify(await all('payees'));
    for (const number of ['920314105566', '850721086123', 'IG31572846020', 'Tasik Utama'])
      expect(sealed).not.toContain(number);
  });

  it('marks the one paid over RM100,000 for section 107D this year; his payment of this year, paid this month, has 2% withheld', async () => {
    const marks = await listMarks(deps.db, 2026);
    expect(marks).toEqual([
      {
        recruiterId: expect.any(Number),
        recruiterName: 'Rajesh Kumar a/l Muthusamy',
        year: 2026,
        paidAmount: 10_200_000,
        threshold: 10_000_000,
        // The yearly job's mark, in the first minutes of the year.
        markedAt: '2025-12-31T16:10:00.000Z',
      },
    ]);
    const month = await withholdingMonth(deps.db, sealingKeysOf(deps.env), '2026-11');
    expect(
      month.rows.map((row) => [row.recruiterName, row.gross, row.rate, row.withheld, row.net, row.payee?.idNumber]),
    ).toEqual([['Rajesh Kumar a/l Muthusamy', 1_800_000, 200, 36_000, 1_764_000, '850721086123']]);
    // Made and paid as an admin does: under the mark, its referrals paid, and Rajesh told the net and the 2%.
    const payment = await deps.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', month.rows[0]?.paymentId as number)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ status: 'PAID', withholding_rate: 200, withholding_mark_id: expect.any(Number) });
    const notices = await deps.db
      .selectFrom('notifications')
      .select(['kind', 'payload'])
      .where('user_id', '=', payment.recruiter_id)
      .orderBy('id')
      .execute();
    expect(notices.map((n) => [n.kind, JSON.parse(n.payload)])).toEqual([
      [
        'PAYMENT_CREATED',
        { amount: 1_764_000, currency: 'MYR', gross: 1_800_000, withheld: 36_000, withholdingRate: 200 },
      ],
      [
        'PAYMENT_PAID',
        { amount: 1_764_000, currency: 'MYR', gross: 1_800_000, withheld: 36_000, withholdingRate: 200 },
      ],
    ]);
  });

  it("leaves the first demo recruiter's figures as the catalog makes them", async () => {
    const main = await deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'recruiter@example.com')
      .executeTakeFirstOrThrow();
    const referrals = (await all('referrals')).filter((r) => r.recruiter_id === main.id);
    const talentsOfMain = Object.entries(TALENTS)
      .filter(([, t]) => t.recruiter === 'main')
      .map(([key]) => key);
    expect(referrals).toHaveLength(REFERRALS.filter((s) => talentsOfMain.includes(s.talent)).length);
    const payments = (await all('payments')).filter((p) => p.recruiter_id === main.id);
    expect(payments.map((p) => p.reference).sort()).toEqual(
      Object.values(PAYMENTS)
        .filter((p) => p.recruiter === 'main')
        .map((p) => p.reference)
        .sort(),
    );
    expect(payments.every((p) => p.withheld_amount === 0 && p.net_amount === p.amount)).toBe(true);
    expect(await listMarks(deps.db, 2026).then((marks) => marks.map((m) => m.recruiterId))).not.toContain(main.id);
  });

  it('does nothing the second time', async () => {
    const before = (await all('referrals')).length;
    expect(await seedDemo(deps)).toBeNull();
    expect(await all('referrals')).toHaveLength(before);
    expect(await all('users')).toHaveLength(6);
  });
});

// The paperwork's dates hang on the year and the month the demo is seeded in: on the first minutes of a year
// or a month too, last year's payments are last year's, and this year's withheld payment is made after the
// mark and paid in the current month, every time before now.
describe('the demo money paperwork, seeded on any day', () => {
  it.each([
    ['00:05 on 1 January in Kuala Lumpur', '2026-12-31T16:05:00.000Z'],
    ['08:00 on 1 March', '2027-03-01T00:00:00.000Z'],
    ['midday on 30 June', '2027-06-30T04:00:00.000Z'],
  ])('%s', async (_, at) => {
    const deps = await createDeps('sqlite');
    try {
      deps.setNow(new Date(at));
      await seedDemo(deps);
      const now = deps.now();
      const year = malaysiaYearOf(now);
      expect((await cp58YearList(deps, year - 1)).rows.map((row) => row.recruiter.email)).toEqual([
        'rajesh.recruiter@example.com',
        'zarina.recruiter@example.com',
      ]);
      expect((await listMarks(deps.db, year)).map((mark) => mark.recruiterName)).toEqual([
        'Rajesh Kumar a/l Muthusamy',
      ]);
      const month = await withholdingMonth(deps.db, sealingKeysOf(deps.env), monthOfInstant(now));
      expect(month.rows.map((row) => [row.gross, row.withheld])).toEqual([[1_800_000, 36_000]]);
      const times = [
        ...(await deps.db.selectFrom('referral_history').select('created_at as at').execute()),
        ...(await deps.db.selectFrom('payments').select('paid_at as at').execute()),
        ...(await deps.db.selectFrom('notifications').select('created_at as at').execute()),
        ...(await deps.db.selectFrom('withholding_marks').select('marked_at as at').execute()),
      ].map((row) => row.at);
      expect(times.filter((time) => time !== null && time > now.toISOString())).toEqual([]);
    } finally {
      await deps.close();
    }
  });
});

describe.each(DATABASES)('demo data on %s with an existing user', (kind) => {
  it('leaves a database that already has users alone', async () => {
    const deps = await createDeps(kind);
    try {
      const at = deps.now().toISOString();
      await deps.db
        .insertInto('users')
        .values({
          email: 'owner@example.com',
          password_hash: 'x',
          full_name: 'Owner',
          phone: null,
          roles: '["ROLE_ADMIN"]',
          status: 'ACTIVE',
          need_to_change_password: 0,
          remaining_ai_note_improvement: 0,
          locale: 'en',
          timezone: 'Asia/Kuala_Lumpur',
          created_at: at,
          updated_at: at,
        })
        .execute();
      expect(await seedDemo(deps)).toBeNull();
      expect(await deps.db.selectFrom('tasks').select('id').execute()).toHaveLength(0);
    } finally {
      await deps.close();
    }
  });
});
