// `npm run bench` (BENCH_ONLY=scale): the issue's three big lists — the recruiter's task board and talent
// list, the admin's hiring-status list — on SQLite AND PostgreSQL, at 10,000, 100,000 and 1,000,000
// referrals (1,000 / 10,000 / 100,000 tasks), so the growth shows: a page should cost about the same at
// every size (indexes walked in order, bounded offsets), and its p95 stay under 50 ms at the largest.
// Issue 27 adds the insight calls (funnel, money, scorecards), read from counters kept by the writes.
//
// Each size is seeded once into SQLite by the list benchmark's seeding (lists.ts: same data, same
// spread of statuses) and copied into a fresh PostgreSQL schema (pg-copy.ts), so both databases answer
// from the same rows. Calls go through the real Hono app in-process with real bearer tokens; p95 of
// BENCH_SCALE_RUNS (20) runs after a warm-up. PostgreSQL is measured when BENCH_DATABASE_URL or
// TEST_DATABASE_URL names one (CI sets the latter); otherwise its rows say it was not measured.
//
// Knobs: BENCH_SCALE_STEPS (comma list of scales, default "0.01,0.1,1"), BENCH_SCALE_RUNS (20),
// BENCH_KEEP=1: keep the seeded databases between runs and reuse them (SQLite files under
// $TMPDIR/recruiter-bench-scale-keep, PostgreSQL schemas bench_keep_<referrals>), migrated to the latest
// migration at each run — seeding 1,000,000 referrals takes minutes; a query change does not need it.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { connect, type DB } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { type BenchRow, writeRowsFile } from './bench-table';
import { benchApp, PASSWORD, type Size, seed, sizeFor } from './lists';
import { copySqliteToPostgres } from './pg-copy';

const STEPS = (process.env.BENCH_SCALE_STEPS ?? '0.01,0.1,1').split(',').map(Number);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 20);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const TARGET_MS = 50;
const KEEP = process.env.BENCH_KEEP === '1';

const step = (text: string) => process.stdout.write(`${text}\n`);
const loadText = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs`;
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};
const fmt = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));

type Who = 'admin' | 'recruiter';
const medians = new Map<DB, Map<string, number>>();
/** The medians of the last size timed, per database name. */
const lastMedians = new Map<string, Map<string, number>>();
const CALLS = (size: Size): Array<{ label: string; path: string; who: Who }> => [
  { label: 'task board', path: '/api/recruiter/task', who: 'recruiter' },
  { label: 'task board sort=reward', path: '/api/recruiter/task?sort=reward', who: 'recruiter' },
  {
    label: 'task board deep page',
    path: `/api/recruiter/task?page=${Math.max(1, Math.floor(size.tasks / 1000))}&pageSize=50`,
    who: 'recruiter',
  },
  { label: 'talent list', path: '/api/recruiter/talent', who: 'recruiter' },
  { label: 'talent list consent=PENDING', path: '/api/recruiter/talent?consent=PENDING', who: 'recruiter' },
  { label: 'hiring status', path: '/api/admin/referrals', who: 'admin' },
  { label: 'hiring status reward=IN_REVIEW', path: '/api/admin/referrals?reward=IN_REVIEW', who: 'admin' },
  { label: 'hiring status call=NEED_REVIEW', path: '/api/admin/referrals?call=NEED_REVIEW', who: 'admin' },
  {
    label: 'hiring status deep page',
    path: `/api/admin/referrals?page=${Math.max(1, Math.floor(size.referrals / 10_000))}&pageSize=50`,
    who: 'admin',
  },
  // Issue 27: the funnel, money and scorecards, from the counters of migration 017.
  { label: 'insight funnel (12 months)', path: '/api/admin/insight/funnel', who: 'admin' },
  {
    label: 'insight funnel (24 months)',
    path: `/api/admin/insight/funnel?from=${monthOf(-23)}&to=${monthOf(0)}`,
    who: 'admin',
  },
  {
    label: 'insight funnel one task',
    path: `/api/admin/insight/funnel?taskId=${Math.floor(size.tasks / 2)}`,
    who: 'admin',
  },
  { label: 'insight funnel one promo', path: '/api/admin/insight/funnel?promoId=1', who: 'admin' },
  { label: 'insight funnel one recruiter', path: '/api/admin/insight/funnel?recruiterId=2', who: 'admin' },
  { label: 'insight funnel CSV', path: '/api/admin/insight/funnel.csv', who: 'admin' },
  { label: 'insight money (12 months)', path: '/api/admin/insight/money', who: 'admin' },
  {
    label: 'insight money (24 months)',
    path: `/api/admin/insight/money?from=${monthOf(-23)}&to=${monthOf(0)}`,
    who: 'admin',
  },
  { label: 'recruiters sort=SCORE', path: '/api/admin/recruiters?sort=SCORE', who: 'admin' },
  { label: 'scorecard (recruiter)', path: '/api/recruiter/scorecard', who: 'recruiter' },
];

/** 'YYYY-MM' of the month `delta` months from this one, in Malaysia time (the insight's months). */
function monthOf(delta: number): string {
  const now = new Date(Date.now() + 8 * 3_600_000);
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1));
  return at.toISOString().slice(0, 7);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * The hiring-status totals come from referral_counts (migration 007, kept by triggers): after a bulk
 * load (and on a kept database after runs) they must still equal count(*), or the figures mean nothing.
 */
async function checkCounters(db: DB, name: string) {
  const checks = [
    ['all', sql`true`, sql`true`],
    ['in review', sql`reward_status = ''`, sql`reward_status is null`],
    ['proofs to review', sql`to_review = 1`, sql`proofs_to_review > 0`],
    [
      'hired, confirmed',
      sql`hiring_status = 'HIRED' and consent_status = 'CONFIRMED'`,
      sql`hiring_status = 'HIRED' and consent_status = 'CONFIRMED'`,
    ],
  ] as const;
  for (const [label, counted, where] of checks) {
    const { rows } = await sql<{ kept: number | string | null; real: number | string }>`
      select (select sum(n) from referral_counts where ${counted}) as kept,
        (select count(*) from referrals where ${where}) as real`.execute(db);
    const kept = Number(rows[0]?.kept ?? 0);
    const real = Number(rows[0]?.real);
    if (kept !== real) throw new Error(`${name}: referral_counts says ${kept} referrals (${label}), count(*) ${real}`);
  }
  // The insight counters (migration 017), counted once after the bulk load: they must add up too.
  const insight = [
    ['insight_funnel', sql`select sum(n) from insight_funnel where scope = 'all'`, sql`true`],
    ['insight_funnel by task', sql`select sum(n) from insight_funnel where scope = 'task'`, sql`true`],
    ['recruiter_scores', sql`select sum(referred) from recruiter_scores`, sql`true`],
    ['recruiter_scores hired', sql`select sum(hired) from recruiter_scores`, sql`hiring_status = 'HIRED'`],
    ['insight_money', sql`select sum(n) from insight_money`, sql`reward_status is not null`],
  ] as const;
  for (const [label, kept, where] of insight) {
    const { rows } = await sql<{ kept: number | string | null; real: number | string }>`
      select (${kept}) as kept, (select count(*) from referrals where ${where}) as real`.execute(db);
    const counted = Number(rows[0]?.kept ?? 0);
    const real = Number(rows[0]?.real);
    if (counted !== real) throw new Error(`${name}: ${label} says ${counted} referrals, count(*) ${real}`);
  }
}

async function timeCalls(db: DB, dataDir: string, size: Size): Promise<Map<string, number>> {
  const { app, tokens } = await benchApp(db, dataDir);
  const result = new Map<string, number>();
  medians.set(db, new Map());
  for (const call of CALLS(size)) {
    const once = async () => {
      const started = performance.now();
      const res = await app.request(call.path, { headers: { authorization: `Bearer ${tokens[call.who]}` } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${call.path}: HTTP ${res.status} ${body.slice(0, 200)}`);
      return performance.now() - started;
    };
    await once();
    await once(); // warm-up: statements, the page cache
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push(await once());
    result.set(call.label, p95(times));
    medians.get(db)?.set(call.label, median(times));
  }
  return result;
}

export async function main(): Promise<BenchRow[]> {
  const started = performance.now();
  const passwordHash = await hashPassword(PASSWORD);
  // times[db][scale][label] = p95 ms
  const times = new Map<string, Map<number, Map<string, number>>>();
  const put = (db: string, scale: number, values: Map<string, number>) => {
    const perDb = times.get(db) ?? new Map<number, Map<string, number>>();
    perDb.set(scale, values);
    times.set(db, perDb);
  };
  step(
    `\nScale benchmark: task board, talent list, hiring status at ${STEPS.map((s) => sizeFor(s).referrals.toLocaleString('en')).join(' / ')} referrals; ` +
      `SQLite${PG_URL ? ' and PostgreSQL' : ' (no PostgreSQL: set BENCH_DATABASE_URL)'}; p95 of ${RUNS}; ${loadText()}`,
  );
  for (const scale of STEPS) {
    const size = sizeFor(scale);
    const marker = JSON.stringify(size);
    const dataDir = KEEP
      ? path.join(tmpdir(), 'recruiter-bench-scale-keep', String(size.referrals))
      : mkdtempSync(path.join(tmpdir(), 'recruiter-bench-scale-'));
    const sqliteFile = path.join(dataDir, 'bench.sqlite');
    const doneFile = `${sqliteFile}.done`;
    try {
      const reuse = KEEP && existsSync(doneFile) && readFileSync(doneFile, 'utf8') === marker;
      if (KEEP && !reuse) {
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir, { recursive: true });
      }
      const migrator = connect({ sqliteFile });
      await migrateToLatest(migrator);
      await migrator.destroy();
      if (reuse) {
        step(`  ${size.referrals.toLocaleString('en')} referrals: SQLite reused (BENCH_KEEP=1) at ${sqliteFile}`);
      } else {
        const seedStarted = performance.now();
        seed(sqliteFile, size, passwordHash);
        if (KEEP) writeFileSync(doneFile, marker);
        step(
          `  ${size.referrals.toLocaleString('en')} referrals: SQLite seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
        );
      }
      const sqlite = connect({ sqliteFile });
      try {
        await checkCounters(sqlite, 'SQLite');
        put('SQLite', scale, await timeCalls(sqlite, dataDir, size));
        lastMedians.set('SQLite', medians.get(sqlite) ?? new Map());
      } finally {
        await sqlite.destroy();
      }
      if (PG_URL) {
        const copy = await copySqliteToPostgres(
          sqliteFile,
          PG_URL,
          KEEP ? { schema: `bench_keep_${size.referrals}`, marker } : undefined,
        );
        step(
          copy.reused
            ? `  ${size.referrals.toLocaleString('en')} referrals: PostgreSQL schema reused (BENCH_KEEP=1), migrate + VACUUM ANALYZE ${(copy.indexMs / 1000).toFixed(1)} s`
            : `  ${size.referrals.toLocaleString('en')} referrals: PostgreSQL copied in ${(copy.copyMs / 1000).toFixed(1)} s, indexes + VACUUM ANALYZE ${(copy.indexMs / 1000).toFixed(1)} s`,
        );
        try {
          await checkCounters(copy.db, 'PostgreSQL');
          put('PostgreSQL', scale, await timeCalls(copy.db, dataDir, size));
          lastMedians.set('PostgreSQL', medians.get(copy.db) ?? new Map());
        } finally {
          await copy.drop();
        }
      }
    } finally {
      if (!KEEP) rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const largest = STEPS.at(-1) as number;
  const smallest = STEPS[0] as number;
  const rows: BenchRow[] = [];
  const labels = CALLS(sizeFor(largest)).map((c) => c.label);
  const width = Math.max(...labels.map((l) => l.length)) + 14;
  step('');
  step(
    `  ${'list (p95 ms)'.padEnd(width)}${STEPS.map((s) => `${sizeFor(s).referrals.toLocaleString('en')}`.padStart(11)).join('')}  growth  target  median at largest`,
  );
  for (const [db, perDb] of times) {
    for (const label of labels) {
      const values = STEPS.map((s) => perDb.get(s)?.get(label) ?? Number.NaN);
      const top = perDb.get(largest)?.get(label) ?? Number.NaN;
      const bottom = perDb.get(smallest)?.get(label) ?? Number.NaN;
      const growth = top / bottom;
      const middle = lastMedians.get(db)?.get(label) ?? Number.NaN;
      step(
        `  ${`${db} ${label}`.padEnd(width)}${values.map((v) => fmt(v).padStart(11)).join('')}${`${growth.toFixed(1)}×`.padStart(8)}  ${(top < TARGET_MS ? 'ok' : 'OVER').padEnd(6)}  ${fmt(middle)}`,
      );
      rows.push({
        section: 'scale',
        name: `${db}: ${label} p95 at ${sizeFor(largest).referrals.toLocaleString('en')} referrals`,
        value: Number(top.toFixed(2)),
        unit: 'ms',
        baseline: Number(bottom.toFixed(2)),
        ratio: Number(growth.toPrecision(3)),
        target: `< ${TARGET_MS} ms`,
        ok: top < TARGET_MS,
        note: `p95 by size: ${STEPS.map((s, i) => `${sizeFor(s).referrals.toLocaleString('en')}: ${fmt(values[i] as number)}`).join(', ')} (baseline: the smallest); median at the largest ${fmt(middle)}`,
      });
    }
  }
  if (!PG_URL) {
    rows.push({
      section: 'scale',
      name: 'PostgreSQL',
      value: null,
      unit: '',
      note: 'not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL database',
    });
  }
  step(`\nScale benchmark done in ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadText()}.`);
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main()
    .then((rows) => writeRowsFile(rows))
    .catch((error) => {
      console.error(`\nScale benchmark failed: ${error instanceof Error ? error.stack : error}`);
      process.exitCode = 1;
    });
}
