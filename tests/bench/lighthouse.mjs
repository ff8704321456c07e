#!/usr/bin/env node
// Lighthouse on the built app (part of `npm run bench`; alone: `node tests/bench/lighthouse.mjs`).
//
// Starts the BUILT server (dist/; builds it when missing) in production mode on a fresh SQLite data
// folder with the demo seed, over HTTPS with HTTP/2 as production serves it (HSTS: a phone only ever
// reaches the app over TLS, and a TLS server or proxy speaks HTTP/2): the server's own TLS
// (TLS_CERT_FILE, TLS_KEY_FILE, src/server/listen.ts) with the tests' self-signed certificate
// (tests/server/fixtures), which Chromium is told to accept. LIGHTHOUSE_HTTP1=1 serves plain HTTP/1.1
// instead: over it a browser fetches at most six files at a time, one after another on each connection,
// and Lighthouse's slow-4G model counts a round trip for each (issue 7: /login 94, /task 88 there). and runs Lighthouse 12 (mobile emulation, its default) in Debian's
// Chromium, a fresh browser per page (STACK.md), on
//   - /login (a guest),
//   - /task (the demo recruiter: the auth cookie the app reads, src/lib/auth-cookie.ts, is set through
//     the DevTools protocol before the run, and Lighthouse is told not to clear storage),
//   - /talent/consent?token=… (a real consent token, issued in the database as the server issues them),
//   - /review?token=… (a hiring company's review link of one consented candidate, made the same way).
// Each page is run LIGHTHOUSE_RUNS (5) times, each in a fresh browser, and the rows are the median
// run's, picked as Lighthouse's own tooling picks it (computeMedianRun: nearest to the median FCP and
// TTI): one run's Performance swings ±4 points here. The note lists every run's score.
// Rows: Performance (target ≥ 95), Accessibility (100), Best Practices (100), LCP and TBT (printed).
// Lighthouse 12 has no PWA category: installability is asked of Chromium itself
// (Page.getInstallabilityErrors, Page.getAppManifest) in a persistent context, as an installing
// browser sees the app. A missed target's note names the audits that cost the most points.
// LIGHTHOUSE_REPORT_DIR=<folder> also saves each page's median report (JSON) there;
// LIGHTHOUSE_PAGES=/login,/task runs only these pages (while working on one).
// LIGHTHOUSE_ARTIFACTS_DIR=<folder> keeps every run's trace, DevTools log and report in
// <folder>/<page>/<run>, for tests/bench/lantern-tbt.mjs (which tasks Lighthouse's simulation counts in
// Total Blocking Time); LIGHTHOUSE_TRACE_CATEGORIES adds trace categories to them (e.g.
// disabled-by-default-v8.cpu_profiler for a CPU profile, fonts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_PASSWORD = 'Lighthouse-Demo#2026';
const RECRUITER_EMAIL = 'recruiter@example.com';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Which protocol this pass serves: runLighthouse sets it (LIGHTHOUSE_HTTP1=1 for the main pages; the
// talent's link page is also run over the other one, issue 28).
let HTTP1 = process.env.LIGHTHOUSE_HTTP1 === '1';
const TLS_FILES = {
  TLS_CERT_FILE: path.join(ROOT, 'tests/server/fixtures/tls-cert.pem'),
  TLS_KEY_FILE: path.join(ROOT, 'tests/server/fixtures/tls-key.pem'),
};
const chromeFlags = () => [
  '--headless=new',
  '--no-sandbox',
  // The certificate is the tests' self-signed one (see above).
  ...(HTTP1 ? [] : ['--ignore-certificate-errors']),
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100 };
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CATEGORY_NAMES = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best Practices',
};

const log = (text) => process.stderr.write(`${text}\n`);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(dataDir) {
  if (!existsSync(path.join(ROOT, 'dist/server/index.js')) || !existsSync(path.join(ROOT, 'dist/client'))) {
    log('  lighthouse: dist/ missing, building…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const port = await freePort();
  const base = `${HTTP1 ? 'http' : 'https'}://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_ENV: 'production',
      APP_URL: base,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      DEMO_PASSWORD,
      JWT_SECRET: 'lighthouse-bench-only-secret-0123456789abcdefghij',
      // Production requires the sealing keys (docs/configuration.md); a bench-only one.
      SEALING_KEYS: `lighthouse:${'ab'.repeat(32)}`,
      MAIL_WORKER: 'false',
      LOG_LEVEL: 'warn',
      ...(HTTP1 ? {} : TLS_FILES),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [server.stdout, server.stderr]) {
    stream.on('data', (chunk) => {
      output = (output + chunk).slice(-20_000);
    });
  }
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode}):\n${output}`);
    try {
      if ((await call(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - started > 60_000) throw new Error(`the server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, server };
}

/** A call to the bench's server: fetch over plain HTTP; over HTTPS trusting the test certificate. */
async function call(url, { method = 'GET', headers = {}, body } = {}) {
  if (HTTP1) {
    const answer = await fetch(url, { method, headers, body });
    return { ok: answer.ok, status: answer.status, text: await answer.text() };
  }
  return new Promise((resolve, reject) => {
    const sent = httpsRequest(url, { method, headers, ca: readFileSync(TLS_FILES.TLS_CERT_FILE) }, (answer) => {
      let text = '';
      answer.setEncoding('utf8');
      answer.on('data', (chunk) => {
        text += chunk;
      });
      answer.on('end', () => {
        const status = answer.statusCode ?? 0;
        resolve({ ok: status >= 200 && status < 300, status, text });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The demo recruiter's auth cookie value, as the app writes it after a login. */
async function authCookie(base) {
  const { AUTH_COOKIE_NAME } = await import('#src/shared/constants.ts');
  const { encodeAuthCookie } = await import('#src/lib/auth-cookie.ts');
  const answer = await call(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: RECRUITER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!answer.ok) throw new Error(`login: ${answer.status} ${answer.text}`);
  const body = JSON.parse(answer.text);
  const tokens = body.data ?? body;
  return {
    name: AUTH_COOKIE_NAME,
    value: encodeAuthCookie({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, rememberMe: true }),
  };
}

/** A consent link's token for a referral still waiting for consent (the server keeps only its hash). */
async function consentToken(dataDir) {
  const { connect } = await import('#src/server/db/connect.ts');
  const { issueOneTimeToken } = await import('#src/server/security/one-time-tokens.ts');
  const db = connect({ sqliteFile: path.join(dataDir, 'app.db') });
  try {
    const waiting = await db
      .selectFrom('referrals')
      .select('id')
      .where('consent_status', '=', 'PENDING')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return await issueOneTimeToken(db, {
      kind: 'CONSENT',
      referralId: waiting.id,
      ttlSeconds: 86_400,
      now: new Date(),
    });
  } finally {
    await db.destroy();
  }
}

/** A hiring company's review link of one consented candidate (tests/setup/review-link.ts). */
async function reviewToken(dataDir) {
  const { connect } = await import('#src/server/db/connect.ts');
  const { issueReviewLink } = await import('#tests/setup/review-link.ts');
  const db = connect({ sqliteFile: path.join(dataDir, 'app.db') });
  try {
    return await issueReviewLink(db);
  } finally {
    await db.destroy();
  }
}

/** Sets a cookie in the running browser (Playwright over its DevTools port). */
async function setCookie(port, base, cookie) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser
      .contexts()[0]
      .addCookies([{ ...cookie, url: base, sameSite: 'Strict', expires: Math.round(Date.now() / 1000) + 3600 }]);
  } finally {
    // Disconnects; the browser stays for Lighthouse.
    await browser.close();
  }
}

/** The opportunities that would save the most time: "title (≈ N ms)". */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.details.overallSavingsMs ?? 0) >= 50)
    .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
    .slice(0, 3)
    .map((audit) => `${audit.title} (≈ ${Math.round(audit.details.overallSavingsMs)} ms)`);
}

/** The audits that cost a category the most points: "title (score)". */
function costliest(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && typeof audit.score === 'number' && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .slice(0, 4)
    .map(({ audit }) => `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
}

/** One Lighthouse run of a page in a fresh browser: its report. */
async function lighthouseRun(base, page, cookie, run) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: chromeFlags() });
  try {
    if (cookie) await setCookie(chrome.port, base, cookie);
    const result = await lighthouse(`${base}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(TARGETS),
      // The browser is fresh (an empty profile); keeping storage keeps the auth cookie set above.
      disableStorageReset: true,
      ...artifactOptions(page, run),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/** With LIGHTHOUSE_ARTIFACTS_DIR: the run's artifacts are gathered into, and audited from, a folder. */
function artifactOptions(page, run) {
  const root = process.env.LIGHTHOUSE_ARTIFACTS_DIR;
  const categories = process.env.LIGHTHOUSE_TRACE_CATEGORIES;
  if (!root) return {};
  const dir = path.resolve(root, page.name.replace(/\W+/g, '_'), String(run + 1));
  return { gatherMode: dir, auditMode: dir, ...(categories ? { additionalTraceCategories: categories } : {}) };
}

const performanceOf = (lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

async function lighthouseRows(base, page, cookie) {
  const { computeMedianRun, filterToValidRuns } = await import('lighthouse/core/lib/median-run.js');
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    try {
      runs.push(await lighthouseRun(base, page, cookie, run));
    } catch (error) {
      // Lighthouse now and then fails to record a load's trace (NO_NAVSTART, "please run Lighthouse
      // again"): such a run is run again, once.
      log(`  lighthouse: ${page.name} run ${run + 1} failed, once more: ${error?.message ?? error}`);
      runs.push(await lighthouseRun(base, page, cookie, run));
    }
  }
  const valid = filterToValidRuns(runs);
  const lhr = valid.length ? computeMedianRun(valid) : runs[0];
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    const file = path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.name.replace(/\W+/g, '_')}.json`);
    writeFileSync(file, JSON.stringify(lhr));
  }
  const runScores = `median of ${runs.length} runs (Performance ${runs.map(performanceOf).join(', ')})`;
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  const rows = [];
  for (const [category, target] of Object.entries(TARGETS)) {
    const score = lhr.categories[category]?.score;
    const value = typeof score === 'number' ? Math.round(score * 100) : null;
    const ok = value === null ? false : value >= target;
    const notes = [];
    if (landed !== new URL(`${base}${page.path}`).pathname) notes.push(`landed on ${landed}`);
    if (!ok) notes.push(`costs: ${costliest(lhr, category).join('; ')}`);
    if (!ok && category === 'performance') notes.push(`opportunities: ${opportunities(lhr).join('; ') || 'none'}`);
    if (category === 'performance') notes.unshift(runScores);
    rows.push({
      section: 'lighthouse',
      name: `${page.name}: ${CATEGORY_NAMES[category]}`,
      value,
      unit: 'score',
      target: target === 100 ? '100' : `≥ ${target}`,
      ok,
      note: notes.join(' · ') || undefined,
    });
  }
  if (page.everyRun) {
    // The talent's link page must be fast in every run, not only the median one (issue 28).
    const worst = Math.min(...runs.map(performanceOf));
    rows.push({
      section: 'lighthouse',
      name: `${page.name}: Performance, worst of ${runs.length} runs`,
      value: worst,
      unit: 'score',
      target: `≥ ${page.everyRun}`,
      ok: worst >= page.everyRun,
      note: `${HTTP1 ? 'plain HTTP/1.1' : 'HTTPS with HTTP/2'}; runs ${runs.map(performanceOf).join(', ')}`,
    });
  }
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  const tbt = lhr.audits['total-blocking-time']?.numericValue;
  rows.push(
    {
      section: 'lighthouse',
      name: `${page.name}: LCP`,
      value: typeof lcp === 'number' ? Math.round(lcp) : null,
      unit: 'ms',
      target: 'printed',
      ok: null,
      note: `mobile emulation (slow 4G, 4× CPU slowdown), ${HTTP1 ? 'plain HTTP/1.1' : 'HTTPS with HTTP/2'}`,
    },
    {
      section: 'lighthouse',
      name: `${page.name}: TBT`,
      value: typeof tbt === 'number' ? Math.round(tbt) : null,
      unit: 'ms',
      target: 'printed',
      ok: null,
    },
  );
  return rows;
}

/** Installability as Chromium judges it, in a persistent profile (an incognito one reports "in-incognito"). */
async function installabilityRow(base, work) {
  const { chromium } = await import('@playwright/test');
  const context = await chromium.launchPersistentContext(path.join(work, 'profile'), {
    executablePath: CHROME_PATH,
    args: chromeFlags().filter((flag) => flag !== '--headless=new'),
    headless: true,
    ignoreHTTPSErrors: !HTTP1,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${base}/login`);
    // The service worker is part of what makes the app installable: wait until it runs.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const session = await context.newCDPSession(page);
    const manifest = await session.send('Page.getAppManifest');
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    const problems = [
      ...installabilityErrors.map((error) => error.errorId),
      ...(manifest.errors ?? []).map((error) => `manifest: ${error.message}`),
    ];
    return {
      section: 'lighthouse',
      name: 'installable PWA',
      value: problems.length === 0 ? 1 : 0,
      unit: 'yes=1',
      target: 'yes',
      ok: problems.length === 0,
      note: problems.length === 0 ? `manifest ${new URL(manifest.url).pathname}` : problems.join('; '),
    };
  } finally {
    await context.close();
  }
}

/** The Lighthouse rows of the bench: every page over one protocol, then the talent's page over the other. */
export async function runLighthouse() {
  const { register } = await import('tsx/esm/api');
  register();
  const main = HTTP1;
  const rows = await lighthousePass({ http1: main });
  // The talent's link page is opened from an e-mail by phones behind any kind of server: both protocols.
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  if (!only || only.includes('/talent/consent')) {
    rows.push(...(await lighthousePass({ http1: !main, pages: ['/talent/consent'], installable: false })));
  }
  HTTP1 = main;
  return rows;
}

async function lighthousePass({ http1, pages: names, installable = true }) {
  HTTP1 = http1;
  const protocol = http1 ? 'HTTP/1.1' : 'HTTP/2';
  const work = mkdtempSync(path.join(tmpdir(), 'recruiter-lighthouse-'));
  const dataDir = path.join(work, 'data');
  let server = null;
  try {
    const started = await startServer(dataDir);
    server = started.server;
    const { base } = started;
    const cookie = await authCookie(base);
    const token = await consentToken(dataDir);
    // The talent's page's rows carry the protocol in their name: it is run over both.
    const talent = `/talent/consent (${protocol})`;
    const pages = [
      { name: '/login', path: '/login' },
      { name: '/task', path: '/task', cookie },
      { name: talent, path: `/talent/consent?token=${token}`, key: '/talent/consent', everyRun: 98 },
      // The hiring company's review page, opened from an e-mail on any phone: fast on a first visit.
      { name: '/review', path: `/review?token=${await reviewToken(dataDir)}`, everyRun: 98 },
    ];
    const only = names ?? process.env.LIGHTHOUSE_PAGES?.split(',');
    const rows = [];
    for (const page of pages.filter((each) => !only || only.includes(each.key ?? each.name))) {
      log(`  lighthouse: ${page.name}…`);
      try {
        rows.push(...(await lighthouseRows(base, page, page.cookie)));
      } catch (error) {
        rows.push({
          section: 'lighthouse',
          name: `${page.name}: run`,
          value: null,
          unit: '',
          target: 'runs',
          ok: false,
          note: String(error?.message ?? error).slice(0, 300),
        });
      }
    }
    if (installable) {
      log('  lighthouse: installability…');
      rows.push(await installabilityRow(base, work));
    }
    return rows;
  } finally {
    server?.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const rows = await runLighthouse();
  for (const row of rows) {
    const value = row.value === null ? 'n/a' : `${row.value}${row.unit === 'ms' ? ' ms' : ''}`;
    const verdict = row.ok === true ? 'ok' : row.ok === false ? 'MISSED' : '';
    process.stdout.write(
      `${row.name.padEnd(32)} ${value.padStart(8)}  target ${String(row.target).padEnd(8)} ${verdict.padEnd(6)} ${row.note ?? ''}\n`,
    );
  }
  process.exitCode = rows.some((row) => row.name.endsWith(': run')) ? 1 : 0;
}
