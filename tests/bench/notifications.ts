// `npm run bench` (BENCH_ONLY=notifications), issue 25: telling 10,000 recruiters of a new critical task.
// On a temporary SQLite database (migrated as the server migrates) with BENCH_RECRUITERS recruiters, each
// with one push device, it times through the real Hono app in-process:
//   - the request that creates a task, critical (announced to every recruiter) against not critical
//     (announced to nobody), alternately, medians of BENCH_RUNS: the ratio says whether the announcement
//     slows the admin's request (target ≤ 1.2×: the request writes one event, the fan-out is the worker's);
//   - the worker's fan-out of one such event (notifications/fan-out.ts: an in-app item and a push row per
//     recipient, in slices of 500), as recipients per second, printed.
// Knobs: BENCH_RECRUITERS (10000), BENCH_RUNS (7).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '#src/server/app.ts';
import type { AppDeps } from '#src/server/context.ts';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { readEnv } from '#src/server/env.ts';
import { fanOutDueEvents } from '#src/server/jobs/notification-worker.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { type BenchRow, ratioOf, writeRowsFile } from './bench-table';

const RECRUITERS = Number(process.env.BENCH_RECRUITERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PASSWORD = 'Bench-Notify#2026';
const step = (text: string) => process.stdout.write(`${text}\n`);
const loadText = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'recruiter-bench-notify-'));
  const db = connect({ sqliteFile: path.join(dir, 'app.db') });
  try {
    await migrateToLatest(db);
    const env = readEnv({
      APP_ENV: 'test',
      DATA_DIR: dir,
      JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'),
      MAIL_WORKER: 'false',
    });
    const deps: AppDeps = { db, env, storage: createStorage(env), now: () => new Date() };
    const app = createApp(deps);
    const at = new Date().toISOString();
    const hash = await hashPassword(PASSWORD);
    const user = (i: number, roles: string[]) => ({
      email: `u${i}@bench.example`,
      password_hash: hash,
      full_name: `Bench User ${i}`,
      phone: null,
      roles: JSON.stringify(roles),
      status: 'ACTIVE' as const,
      need_to_change_password: 0,
      remaining_ai_note_improvement: 20,
      locale: ['en', 'ms', 'zh'][i % 3] as string,
      timezone: 'Asia/Kuala_Lumpur',
      created_at: at,
      updated_at: at,
    });
    step(`\nNotifications: seeding ${RECRUITERS} recruiters with one push device each (${loadText()})`);
    await db
      .insertInto('users')
      .values(user(0, ['ROLE_ADMIN']))
      .execute();
    for (let from = 1; from <= RECRUITERS; from += 500) {
      const batch = Array.from({ length: Math.min(500, RECRUITERS - from + 1) }, (_, k) =>
        user(from + k, ['ROLE_RECRUITER']),
      );
      const ids = await db.insertInto('users').values(batch).returning('id').execute();
      await db
        .insertInto('push_subscriptions')
        .values(
          ids.map(({ id }) => ({
            user_id: id,
            endpoint: `https://fcm.googleapis.com/fcm/send/bench-${id}`,
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
            user_agent: null,
            created_at: at,
            last_success_at: null,
          })),
        )
        .execute();
    }
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'u0@bench.example', password: PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    let n = 0;
    const createTask = async (critical: boolean) => {
      n += 1;
      const started = performance.now();
      const res = await app.request('/api/admin/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({
          title: `Bench task ${n}`,
          company: 'Bench Sdn Bhd',
          description: 'A task of the notifications benchmark.',
          jobType: 'ft',
          isCritical: critical,
          location: 'Kuala Lumpur',
          country: 'Malaysia',
          salaryMin: null,
          salaryMax: null,
          salaryCurrency: 'MYR',
          rewardAmount: 10_000,
          rewardCurrency: 'MYR',
          quota: 5,
          expiresAt: null,
          requiredSkills: [],
          requiredLanguages: ['en'],
        }),
      });
      const elapsed = performance.now() - started;
      if (res.status !== 201) throw new Error(`POST /api/admin/tasks answered ${res.status}: ${await res.text()}`);
      return elapsed;
    };
    await createTask(false);
    await createTask(true);
    const plain: number[] = [];
    const critical: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      plain.push(await createTask(false));
      critical.push(await createTask(true));
    }
    const plainMs = median(plain);
    const criticalMs = median(critical);
    const ratio = ratioOf(criticalMs, plainMs);
    step(
      `  create a task: not critical ${plainMs.toFixed(1)} ms, critical (${RECRUITERS} recruiters to tell) ${criticalMs.toFixed(1)} ms: ${ratio}×`,
    );

    // The worker: fan out every event written above (RUNS + 1 of them), timing one.
    const pending = await db.selectFrom('notification_events').select('id').where('status', '=', 'PENDING').execute();
    const started = performance.now();
    await fanOutDueEvents(deps, { batchSize: 1 });
    const fanOutMs = performance.now() - started;
    const items = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const perSecond = Math.round((Number(items?.n ?? 0) / fanOutMs) * 1000);
    step(
      `  worker: one event to ${items?.n} recruiters in ${fanOutMs.toFixed(0)} ms (${perSecond} recipients/s, an item and a push row each); ${pending.length - 1} more events wait`,
    );
    const rows: BenchRow[] = [
      {
        section: 'notifications',
        name: `POST /api/admin/tasks, critical, ${RECRUITERS} recruiters`,
        value: Number(criticalMs.toFixed(2)),
        unit: 'ms',
        baseline: Number(plainMs.toFixed(2)),
        ratio,
        target: '≤ 1.2× not critical',
        ok: ratio !== null && ratio <= 1.2,
      },
      {
        section: 'notifications',
        name: `worker fan-out, ${RECRUITERS} recruiters`,
        value: perSecond,
        unit: 'recipients/s',
        note: `${fanOutMs.toFixed(0)} ms for one event`,
      },
    ];
    writeRowsFile(rows);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
