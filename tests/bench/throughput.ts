// `npm run bench` (BENCH_ONLY=throughput): requests per second of three GET calls of the API, each next
// to a bare node:http handler running the same SQL on the same database in the same run; and the API
// server's memory (BENCH_ONLY=memory comes with it: one run measures both).
//
// Database: a SQLite file seeded by tests/bench/lists.ts's seeding at BENCH_THROUGHPUT_SCALE (0.01:
// 1,000 tasks, 5 recruiters, 4,000 talents, 10,000 referrals with their payments and call proofs),
// migrated as the server migrates. Calls, as recruiter2@bench.test (the recruiter with the most
// referrals), with a real access token from POST /api/auth/login:
//   GET /api/recruiter/task (task board), GET /api/recruiter/talent (talent list), GET /api/recruiter/auth/me;
// and, printed but not judged, GET /api/health (`select 1`, no token): what any call costs the app.
//
// The SQL: the app is first run in-process on that file with a Kysely that logs every compiled query
// (createApp with the same code); each call is made once to warm up, once to capture its statements
// and parameters (the session check, counts, the page). tests/bench/bare-server.mjs replays them.
//
// The servers: the app as production runs it (src/server/index.ts built by Vite as scripts/build.mjs
// does, into a temporary folder, never dist/; APP_ENV=production), the bare server, and, printed but
// not judged, tests/bench/hono-floor-server.mjs (the bare server's work in a minimal Hono app: what the
// framework costs, so the rest of the distance is the app's own work), each in a process of its own on
// the same file, all up; only one is under load at a time. Per call: autocannon (in this process),
// BENCH_CONNECTIONS (10) connections, a BENCH_WARMUP (1) s warm-up of each, then BENCH_ROUNDS (5)
// rounds in which the servers take turns for BENCH_DURATION (3) s each, each round in another order.
// Taking turns, a spell of load from elsewhere on this shared machine falls on both sides of a ratio
// instead of on one: run one after the other, the same code measured 0.34-0.46x from run to run. Such
// a spell still lasts seconds and can halve a turn's rate (seen, task board: app 2,339 and bare 3,556
// req/s in one round, app 1,329 and bare 4,184 in the next): five rounds, and the median of their
// ratios, keep two such rounds from deciding it (turns of 2 s swung more: 0.41-0.98 in one run).
// req/s (requests over the turn's time) and p99 are the rounds' mean and worst.
// CPU per request, printed, not judged: each server's user + system time over its turn (/proc/<pid>/stat)
// over the requests it answered, the rounds' median. A spell of load from elsewhere slows a server's
// turn but hardly changes what each request costs it: the steadier view of the app's own work.
// Memory: the app server's VmRSS from /proc/<pid>/status: after start, at rest after the warm-up, and
// the peak sampled every 50 ms during the measured runs (the bare server's peak as its baseline).
//
// Targets (issue 7): ≥ 0.6× the bare handler's requests/s, zero errors (connection errors, timeouts,
// non-2xx); p99 printed. It prints, it does not judge: the exit code is non-zero only when something
// failed to run. Rows go to BENCH_ROWS_FILE.
//
// Knobs (environment): BENCH_THROUGHPUT_SCALE, BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_DURATION, BENCH_ROUNDS;
// BENCH_APP_NODE_ARGS: extra node options for the app server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof";
// BENCH_BASELINE_NODE_ARGS: the same for the bare and minimal Hono servers (their profiles, to compare);
// BENCH_SPEC_OUT=<file>: writes the captured statements there (what the bare server replays);
// BENCH_LOG_LEVEL: the app server's LOG_LEVEL (warn: no request lines; info, production's default: one
// line per request, written to a file in the temporary folder);
// BENCH_PROFILE=1: after the measured rounds, a CPU profile of the app server under each call's load
// and one of the minimal Hono app under the same (BENCH_DURATION s each, through the inspector:
// tests/bench/cpu-profile.ts); the app's top costs by source file and function printed in µs per
// request, and by file what the app spends beyond the minimal app, whose heaviest go in the table's
// notes. The measured rounds run with the inspectors open but no profiler: their figures stand.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import Sqlite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { createApp } from '#src/server/app.ts';
import type { AppDeps } from '#src/server/context.ts';
import type { Database } from '#src/server/db/database.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { readEnv } from '#src/server/env.ts';
import { createLogger, setLogger } from '#src/server/observability/logger.ts';
import { hashPassword } from '#src/server/security/passwords.ts';
import { createStorage } from '#src/server/storage/create-storage.ts';
import { type BenchRow, ratioOf, writeRowsFile } from './bench-table';
import { connectProfiler, formatSummary, type ProfileSummary, summarise } from './cpu-profile';
import { HEAVY_RECRUITER_ID, PASSWORD, seed, sizeFor } from './lists';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCALE = Number(process.env.BENCH_THROUGHPUT_SCALE ?? 0.01);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const PROFILE = process.env.BENCH_PROFILE === '1';
// The app server's LOG_LEVEL: production's default, info, writes one line per request (into a file here).
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const TARGET_RATIO = 0.6;
const JWT_SECRET = 'bench-throughput-secret-'.padEnd(48, 'x');
// Production needs the operator's sealing keys (issue 46).
const SEALING_KEYS = `bench:${'ab'.repeat(32)}`;
const EMAIL = `recruiter${HEAVY_RECRUITER_ID}@bench.test`;
const CALLS = [
  { name: 'task board', path: '/api/recruiter/task', judged: true },
  { name: 'talent list', path: '/api/recruiter/talent', judged: true },
  { name: 'auth/me', path: '/api/recruiter/auth/me', judged: true },
  // Not a target: the floor of any call (`select 1` through the middleware, no token), to read the others by.
  { name: 'health: the framework floor', path: '/api/health', judged: false },
];

// BENCH_CALLS=<name,name>: measure only these (e.g. "auth/me" while profiling); all are captured.
const MEASURED = CALLS.filter(
  (call) => !process.env.BENCH_CALLS || process.env.BENCH_CALLS.split(',').includes(call.name),
);

const step = (text: string) => process.stdout.write(`${text}\n`);
const loadText = () => `load average ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} CPUs`;
const MB = 1024 * 1024;
// A temporary folder under node_modules/.cache: the built server resolves its external dependencies
// (better-sqlite3, pg...) from the repository's node_modules, as dist/server does.
mkdirSync(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
const work = mkdtempSync(path.join(ROOT, 'node_modules/.cache/recruiter-bench-throughput-'));
const sqliteFile = path.join(work, 'data/app.db');
const children: ChildProcess[] = [];

interface Captured {
  path: string;
  statements: { sql: string; parameters: unknown[] }[];
  bytes: number;
}

/** Seeds the database and captures the SQL the app runs for each call (in-process, logged Kysely). */
async function prepareDatabase(): Promise<Captured[]> {
  mkdirSync(path.dirname(sqliteFile), { recursive: true });
  const size = sizeFor(SCALE);
  const captured: CompiledQuery[] = [];
  const open = (log: boolean) => {
    const database = new Sqlite(sqliteFile);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    database.pragma('synchronous = NORMAL');
    return new Kysely<Database>({
      dialect: new SqliteDialect({ database }),
      log: log ? (event) => void (event.level === 'query' && captured.push(event.query)) : undefined,
    });
  };
  const migrator = open(false);
  await migrateToLatest(migrator);
  await migrator.destroy();
  const started = performance.now();
  seed(sqliteFile, size, await hashPassword(PASSWORD));
  step(
    `  seeded ${size.tasks.toLocaleString('en')} tasks, ${size.recruiters} recruiters, ${size.talents.toLocaleString('en')} talents,` +
      ` ${size.referrals.toLocaleString('en')} referrals (lists.ts seeding at ${SCALE}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const db = open(true);
  const env = readEnv({
    APP_ENV: 'production',
    APP_URL: 'http://127.0.0.1',
    JWT_SECRET,
    SEALING_KEYS,
    DATA_DIR: path.dirname(sqliteFile),
    MAIL_WORKER: 'false',
    TRUST_PROXY: 'true',
  });
  const deps: AppDeps = { db, env, storage: createStorage(env), now: () => new Date() };
  // As the servers below run (LOG_LEVEL=warn): the capture's request lines are not the bench's output.
  setLogger(createLogger({ level: 'warn' }));
  const app = createApp(deps);
  try {
    const login = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.0.7' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`in-process login: HTTP ${login.status} ${await login.text()}`);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const result: Captured[] = [];
    for (const call of CALLS) {
      const get = async () => {
        const response = await app.request(call.path, { headers: { authorization: `Bearer ${accessToken}` } });
        const body = await response.text();
        if (response.status !== 200) throw new Error(`${call.path} in-process: HTTP ${response.status} ${body}`);
        return body;
      };
      await get();
      captured.length = 0;
      const body = await get();
      result.push({
        path: call.path,
        statements: captured.map((query) => ({ sql: query.sql, parameters: [...query.parameters] })),
        bytes: Buffer.byteLength(body),
      });
    }
    return result;
  } finally {
    await db.destroy();
  }
}

/** src/server/index.ts built as scripts/build.mjs builds it, into the temporary folder. */
async function buildServer(): Promise<string> {
  const { build } = await import('vite');
  const outDir = path.join(work, 'server');
  const started = performance.now();
  await build({
    configFile: false,
    root: ROOT,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    ssr: { external: ['better-sqlite3', 'pg', '@node-rs/argon2', 'nodemailer'] },
    build: {
      ssr: 'src/server/index.ts',
      outDir,
      target: 'node20',
      emptyOutDir: true,
      sourcemap: true,
      minify: false,
      copyPublicDir: false,
    },
  });
  // Under node_modules, Node finds no package scope: say these files are ES modules.
  writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  step(`  API server built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return path.join(outDir, 'index.js');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `logFile`: the server's output goes there (as a production server's to its log), not through this process. */
async function start(
  args: string[],
  env: Record<string, string>,
  ready: string,
  logFile?: string,
): Promise<ChildProcess> {
  const output = logFile ? openSync(logFile, 'w') : 'pipe';
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', output, output],
  });
  if (typeof output === 'number') closeSync(output);
  children.push(child);
  let piped = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk) => (piped = (piped + chunk).slice(-10_000)));
  const log = () => (logFile ? readFileSync(logFile, 'utf8').slice(-10_000) : piped);
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} stopped (exit ${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(ready)).ok) return child;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 60_000) throw new Error(`${args.join(' ')} did not start in 60 s:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** VmRSS of a process, in bytes (Linux /proc). */
function rss(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time a process has used (user + system), in ms, from /proc/<pid>/stat (ticks of 10 ms: Linux's
 * USER_HZ is 100). Per request over a turn, it is each server's own cost, steadier than requests per
 * second while something else on the machine takes a core now and then.
 */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Peak RSS of a server under load, sampled every 50 ms while `work` runs. */
async function sampled<T>(pid: number | undefined, peaks: Map<number | undefined, number>, work: () => Promise<T>) {
  const sample = () => {
    const now = rss(pid);
    if (now !== null && now > (peaks.get(pid) ?? 0)) peaks.set(pid, now);
  };
  sample();
  const sampler = setInterval(sample, 50);
  try {
    return await work();
  } finally {
    clearInterval(sampler);
  }
}

const failures = (result: Result) => result.errors + result.timeouts + result.non2xx;
const summary = (result: Result) =>
  `${Math.round(rateOf(result)).toLocaleString('en').padStart(7)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms,` +
  ` ${failures(result)} errors/non-2xx (of ${result.requests.total.toLocaleString('en')})`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** One call's rounds on one server: requests/s (mean), p99 (worst), failures (sum). */
interface Side {
  results: Result[];
  /** The server's CPU time per request in each round, µs (null where /proc cannot tell). */
  cpu: (number | null)[];
}
// Requests over the turn's own time: autocannon's average of per-second counts has one or two seconds to
// average in a short turn.
const rateOf = (result: Result) => result.requests.total / result.duration;
const rps = (side: Side) => side.results.reduce((sum, r) => sum + rateOf(r), 0) / side.results.length;
const p99 = (side: Side) => Math.max(...side.results.map((r) => r.latency.p99));
const failed = (side: Side) => side.results.reduce((sum, r) => sum + failures(r), 0);

/**
 * BENCH_PROFILE=1: each measured call's load on the app alone, profiled, then on the minimal Hono app
 * (the same SQL and framework); the app's top costs printed, and by file what the app spends beyond the
 * minimal app (its own work on every call, and what that work makes Node and Hono do); a row each.
 */
async function profileCalls(
  app: { inspector: string; base: string; headers: Record<string, string> },
  floor: { inspector: string; base: string },
) {
  const rows = new Map<string, BenchRow>();
  const profilers = [await connectProfiler(app.inspector), await connectProfiler(floor.inspector)] as const;
  const profile = async (profiler: (typeof profilers)[number], url: string, headers: Record<string, string>) => {
    await profiler.start();
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
    return { requests: result.requests.total, summary: summarise(await profiler.stop(), result.requests.total, ROOT) };
  };
  try {
    for (const call of MEASURED) {
      const ours = await profile(profilers[0], `${app.base}${call.path}`, app.headers);
      const theirs = await profile(profilers[1], `${floor.base}${call.path}`, {});
      const perRequest = (run: typeof ours) => (run.summary.busyMs * 1000) / Math.max(1, run.requests);
      const inSrc = ours.summary.bySource
        .filter((entry) => entry.source.startsWith('src/'))
        .reduce((sum, entry) => sum + entry.us, 0);
      const beyond = beyondFloor(ours.summary, theirs.summary);
      step(
        `\n  profile of the app, ${call.path} (${ours.requests.toLocaleString('en')} requests under the profiler): ` +
          `${perRequest(ours).toFixed(0)} µs sampled per request (minimal Hono app: ${perRequest(theirs).toFixed(0)} µs), ` +
          `${inSrc.toFixed(1)} µs of it in src/\n${formatSummary(ours.summary)}\n` +
          `    beyond the minimal Hono app, by file (self time per request):\n${beyond
            .slice(0, 12)
            .map((entry) => `    ${entry.us.toFixed(1).padStart(7)} µs  ${entry.source}`)
            .join('\n')}`,
      );
      rows.set(call.path, {
        section: 'throughput',
        name: `GET ${call.path} app CPU profile, per request`,
        value: Math.round(perRequest(ours)),
        unit: 'µs',
        baseline: Math.round(perRequest(theirs)),
        ratio: ratioOf(perRequest(ours), perRequest(theirs)),
        note:
          `BENCH_PROFILE: the main thread's sampled time under the profiler (slower than unprofiled), baseline the minimal Hono app's; src/ ${inSrc.toFixed(1)} µs; ` +
          `beyond the minimal app (self µs): ${beyond
            .slice(0, 6)
            .map((entry) => `${entry.source} ${entry.us.toFixed(1)}`)
            .join(', ')}`,
      });
    }
  } finally {
    for (const profiler of profilers) profiler.close();
  }
  return rows;
}

/** Per source file, the app's self time per request less the minimal Hono app's, largest first. */
function beyondFloor(ours: ProfileSummary, theirs: ProfileSummary) {
  const floor = new Map(theirs.bySource.map((entry) => [entry.source, entry.us]));
  return ours.bySource
    .map((entry) => ({ source: entry.source, us: entry.us - (floor.get(entry.source) ?? 0) }))
    .sort((a, b) => b.us - a.us);
}

async function main(): Promise<BenchRow[]> {
  const started = performance.now();
  step(
    `\nAPI throughput: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per call, app vs bare node:http (and a minimal Hono app)` +
      ` on the same SQLite file; ${loadText()}`,
  );
  const captured = await prepareDatabase();
  for (const call of captured) {
    step(`  ${call.path}: ${call.statements.length} statement(s) captured, app answer ${call.bytes} bytes`);
  }
  const serverEntry = await buildServer();

  // The app server, as production runs it.
  const appPort = await freePort();
  const appBase = `http://127.0.0.1:${appPort}`;
  const clientDir = path.join(work, 'client');
  mkdirSync(clientDir, { recursive: true });
  const nodeArgs = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const inspectorPort = PROFILE ? await freePort() : 0;
  if (PROFILE) nodeArgs.push(`--inspect=127.0.0.1:${inspectorPort}`);
  const baselineArgs = (process.env.BENCH_BASELINE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const floorInspectorPort = PROFILE ? await freePort() : 0;
  const floorArgs = PROFILE ? [...baselineArgs, `--inspect=127.0.0.1:${floorInspectorPort}`] : baselineArgs;
  const app = await start(
    [...nodeArgs, serverEntry],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      APP_ENV: 'production',
      APP_URL: appBase,
      JWT_SECRET,
      SEALING_KEYS,
      DATA_DIR: path.dirname(sqliteFile),
      CLIENT_DIR: clientDir,
      SEED_DEMO: 'false',
      MAIL_WORKER: 'false',
      LOG_LEVEL: LOG_LEVEL,
    },
    `${appBase}/api/health`,
    path.join(work, 'app.log'),
  );
  const rssStarted = rss(app.pid);
  const login = await fetch(`${appBase}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const session = (await login.json()) as { accessToken?: string };
  if (!login.ok || !session.accessToken) throw new Error(`login: HTTP ${login.status} ${JSON.stringify(session)}`);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  for (const call of CALLS) {
    const response = await fetch(`${appBase}${call.path}`, { headers });
    if (!response.ok) throw new Error(`${call.path}: HTTP ${response.status} ${await response.text()}`);
  }
  // At rest: started, every call warmed up, then a second of quiet.
  for (const call of CALLS)
    await autocannon({ url: `${appBase}${call.path}`, connections: CONNECTIONS, duration: WARMUP, headers });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssRest = rss(app.pid);
  step(
    `  app server up (LOG_LEVEL ${LOG_LEVEL}); RSS ${rssStarted ? (rssStarted / MB).toFixed(1) : '?'} MB after start, ${rssRest ? (rssRest / MB).toFixed(1) : '?'} MB at rest after a warm-up`,
  );

  // The bare handler, up next to the app; only one of them is under load at a time.
  const barePort = await freePort();
  const honoPort = await freePort();
  const specFile = path.join(work, 'bare-spec.json');
  writeFileSync(specFile, JSON.stringify({ sqliteFile, port: barePort, honoPort, routes: captured }));
  if (process.env.BENCH_SPEC_OUT) writeFileSync(process.env.BENCH_SPEC_OUT, JSON.stringify(captured, null, 2));
  const bareBase = `http://127.0.0.1:${barePort}`;
  const bare = await start(
    [...baselineArgs, path.join(ROOT, 'tests/bench/bare-server.mjs'), specFile],
    {},
    `${bareBase}${CALLS[2]?.path}`,
  );
  // The second baseline, not judged: the same SQL in a minimal Hono app (hono-floor-server.mjs).
  const honoBase = `http://127.0.0.1:${honoPort}`;
  const hono = await start(
    [...floorArgs, path.join(ROOT, 'tests/bench/hono-floor-server.mjs'), specFile],
    {},
    `${honoBase}${CALLS[2]?.path}`,
  );
  const sides = [
    { key: 'app', name: 'app ', base: appBase, headers, pid: app.pid },
    { key: 'bare', name: 'bare', base: bareBase, headers: {}, pid: bare.pid },
    { key: 'hono', name: 'hono', base: honoBase, headers: {}, pid: hono.pid },
  ] as const;
  for (const call of MEASURED) {
    const response = await fetch(`${bareBase}${call.path}`);
    const body = await response.text();
    if (!response.ok) throw new Error(`bare ${call.path}: HTTP ${response.status} ${body}`);
    step(`  bare ${call.path}: answer ${Buffer.byteLength(body)} bytes`);
    for (const side of sides)
      await autocannon({
        url: `${side.base}${call.path}`,
        connections: CONNECTIONS,
        duration: WARMUP,
        headers: side.headers,
      });
  }
  const peaks = new Map<number | undefined, number>();
  type Turn = Record<(typeof sides)[number]['key'], Side>;
  const measured = new Map<string, Turn>(
    MEASURED.map((call) => [
      call.path,
      { app: { results: [], cpu: [] }, bare: { results: [], cpu: [] }, hono: { results: [], cpu: [] } },
    ]),
  );
  const ratios = new Map<string, number[]>(MEASURED.map((call) => [call.path, []]));
  const honoRatios = new Map<string, number[]>(MEASURED.map((call) => [call.path, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const call of MEASURED) {
      const turn = measured.get(call.path) as Turn;
      // Each round starts with another server: none is always the one after a spell of the others' load.
      for (const side of [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)]) {
        const cpuBefore = cpuMs(side.pid);
        const result = await sampled(side.pid, peaks, () =>
          autocannon({
            url: `${side.base}${call.path}`,
            connections: CONNECTIONS,
            duration: DURATION,
            headers: side.headers,
          }),
        );
        const cpuAfter = cpuMs(side.pid);
        const cpuPerRequest =
          cpuBefore !== null && cpuAfter !== null && result.requests.total > 0
            ? ((cpuAfter - cpuBefore) * 1000) / result.requests.total
            : null;
        turn[side.key].results.push(result);
        turn[side.key].cpu.push(cpuPerRequest);
        step(
          `  round ${round} ${side.name} ${call.path.padEnd(24)} ${summary(result)}` +
            (cpuPerRequest === null ? '' : `, CPU ${cpuPerRequest.toFixed(0)} µs/request`),
        );
      }
      const last = (side: Side) => {
        const result = side.results.at(-1);
        return result ? rateOf(result) : undefined;
      };
      const bareRps = last(turn.bare);
      const ratio = ratioOf(last(turn.app), bareRps);
      if (ratio !== null) ratios.get(call.path)?.push(ratio);
      const honoRatio = ratioOf(last(turn.hono), bareRps);
      if (honoRatio !== null) honoRatios.get(call.path)?.push(honoRatio);
    }
  }
  const profiles = PROFILE
    ? await profileCalls(
        { inspector: `http://127.0.0.1:${inspectorPort}`, base: appBase, headers },
        { inspector: `http://127.0.0.1:${floorInspectorPort}`, base: honoBase },
      )
    : new Map<string, BenchRow>();
  const appPeak = peaks.get(app.pid) ?? null;
  const barePeak = peaks.get(bare.pid) ?? null;
  await stop(app);
  await stop(bare);
  await stop(hono);

  const rows: BenchRow[] = [];
  const note = `${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each, app, bare and minimal Hono taking turns, after ${WARMUP} s warm-up; the ratio is the rounds' median; SQLite at lists.ts scale ${SCALE}`;
  for (const call of MEASURED) {
    const { app: ours, bare: theirs, hono: floor } = measured.get(call.path) as Turn;
    const roundRatios = ratios.get(call.path) ?? [];
    const ratio = roundRatios.length ? Number(median(roundRatios).toFixed(2)) : null;
    rows.push({
      section: 'throughput',
      name: `GET ${call.path} (${call.name}) req/s`,
      value: Math.round(rps(ours)),
      unit: 'req/s',
      baseline: Math.round(rps(theirs)),
      ratio,
      target: call.judged ? `≥ ${TARGET_RATIO}× bare` : undefined,
      ok: call.judged ? ratio !== null && ratio >= TARGET_RATIO : null,
      note:
        call === MEASURED[0]
          ? `${note}; rounds: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`
          : `rounds: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}${call.judged ? '' : '; not a target: the floor of any call of the app'}`,
    });
    const floorRatios = honoRatios.get(call.path) ?? [];
    rows.push({
      section: 'throughput',
      name: `GET ${call.path} on a minimal Hono app, req/s`,
      value: Math.round(rps(floor)),
      unit: 'req/s',
      baseline: Math.round(rps(theirs)),
      ratio: floorRatios.length ? Number(median(floorRatios).toFixed(2)) : null,
      note: `not a target: the bare handler's work in a Hono app (hono-floor-server.mjs), what the framework costs; the app's own work on every call is the rest; rounds: ${floorRatios.map((r) => r.toFixed(2)).join(', ')}`,
    });
    const cpuOf = (side: Side) => {
      const known = side.cpu.filter((value): value is number => value !== null);
      return known.length ? Math.round(median(known)) : null;
    };
    rows.push({
      section: 'throughput',
      name: `GET ${call.path} server CPU per request`,
      value: cpuOf(ours),
      unit: 'µs',
      baseline: cpuOf(theirs),
      ratio: ratioOf(cpuOf(ours), cpuOf(theirs)),
      note: `not a target: user + system time of each server's process over its turns (/proc/<pid>/stat), the rounds' median; on a minimal Hono app ${cpuOf(floor) ?? '?'} µs`,
    });
    const profiled = profiles.get(call.path);
    if (profiled) rows.push(profiled);
    rows.push({
      section: 'throughput',
      name: `GET ${call.path} p99 latency`,
      value: p99(ours),
      unit: 'ms',
      baseline: p99(theirs),
      ratio: null,
    });
    rows.push({
      section: 'throughput',
      name: `GET ${call.path} errors/non-2xx`,
      value: failed(ours),
      unit: '',
      baseline: failed(theirs),
      target: call.judged ? '0' : undefined,
      ok: call.judged ? failed(ours) === 0 : null,
    });
  }
  const mb = (bytes: number | null) => (bytes === null ? null : Number((bytes / MB).toFixed(1)));
  rows.push({ section: 'memory', name: 'API server RSS after start', value: mb(rssStarted), unit: 'MB' });
  rows.push({
    section: 'memory',
    name: 'API server RSS at rest (after warm-up)',
    value: mb(rssRest),
    unit: 'MB',
    note: 'VmRSS from /proc/<pid>/status; the server built as production runs it',
  });
  rows.push({
    section: 'memory',
    name: 'API server RSS peak under the throughput run',
    value: mb(appPeak),
    unit: 'MB',
    baseline: mb(barePeak),
    ratio: ratioOf(appPeak, barePeak),
    note: 'baseline: the bare node:http server’s peak under the same load; sampled every 50 ms',
  });
  step(`  RSS peak under load: app ${mb(appPeak)} MB, bare ${mb(barePeak)} MB`);
  step(`\nAPI throughput done in ${((performance.now() - started) / 1000).toFixed(0)} s; ${loadText()}.`);
  return rows;
}

try {
  writeRowsFile(await main());
} catch (error) {
  console.error(`\nAPI throughput benchmark failed: ${error instanceof Error ? error.stack : error}`);
  process.exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  rmSync(work, { recursive: true, force: true });
}
// Vite's build may leave handles open: end explicitly once everything is stopped and cleaned.
process.exit(process.exitCode ?? 0);
