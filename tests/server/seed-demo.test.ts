// @vitest-environment node
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/server/db/database.ts';
import { seedDemo } from '#src/server/db/seed-demo.ts';
import { verifyPassword } from '#src/server/security/passwords.ts';
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
      expect(task.reward_amount).toBeGreaterThanOrEqual(15_000);
      expect(task.reward_amount).toBeLessThanOrEqual(80_000);
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
    expect(new Set(talents.map((t) => t.recruiter_id)).size).toBe(2);
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

  it('does nothing the second time', async () => {
    const before = (await all('referrals')).length;
    expect(await seedDemo(deps)).toBeNull();
    expect(await all('referrals')).toHaveLength(before);
    expect(await all('users')).toHaveLength(4);
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
