#!/usr/bin/env node
// `npm run check:docker [-- --lint-only] [-- --keep]`: what can be checked of the Dockerfile without a
// Docker engine. (a) dockerfile-utils lints it; any problem fails. (b) Its steps run in clean temporary
// folders, read from the file itself: the build context is the working tree's files (git's list, less
// .dockerignore), each stage's WORKDIR is a folder of its own, ENV/COPY/RUN are applied in order
// (COPY --from reads the earlier stage's folder), then the last stage's CMD starts with the image's ENV
// on a free port and a temporary DATA_DIR, its HEALTHCHECK command runs until it passes, and SIGTERM
// stops it; before that, the image's `npm run backup` and `npm run restore` run against it. RUN steps that
// set up the system (users, /data ownership) are listed, not run.
// Slow (a full `npm ci`, `npm run build`, `npm ci --omit=dev`): run it under the shared build lock.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lintDockerfile, parseDockerfile, parseEnv, parseHealthcheck } from './dockerfile-parse.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = new Set(process.argv.slice(2));
const started = Date.now();
const timings = [];
const say = (line) => console.log(`[check:docker] ${line}`);
const fail = (message) => {
  console.error(`[check:docker] FAILED: ${message}`);
  process.exit(1);
};

async function timed(label, work) {
  const since = Date.now();
  say(label);
  const result = await work();
  timings.push(`${label}: ${((Date.now() - since) / 1000).toFixed(1)} s`);
  return result;
}

const text = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const problems = lintDockerfile(text);
if (problems.length > 0) fail(`dockerfile-utils found ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
say('lint: no problems (dockerfile-utils)');
if (args.has('--lint-only')) process.exit(0);

const temp = mkdtempSync(path.join(tmpdir(), 'recruiter-docker-check-'));
let server;
const cleanUp = () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (args.has('--keep')) say(`kept ${temp}`);
  else rmSync(temp, { recursive: true, force: true });
};
process.on('exit', cleanUp);
process.on('SIGINT', () => process.exit(130));

// npm's cache for the emulated installs: a hard-linked copy of this machine's (instant, and the cache is
// content-addressed, never rewritten in place), so `npm cache clean` in a RUN clears only the copy.
const npmCache = path.join(temp, 'npm-cache');
const userCache = path.join(process.env.HOME ?? '/root', '.npm', '_cacache');
mkdirSync(npmCache, { recursive: true });
try {
  if (existsSync(userCache)) execFileSync('cp', ['-al', userCache, path.join(npmCache, '_cacache')], { stdio: 'pipe' });
} catch (error) {
  say(`npm cache not shared (${error.stderr?.toString().trim() || error.message}): installs download everything`);
}

const context = path.join(temp, 'context');
await timed('context: the working tree, less .dockerignore', () => copyContext(context));

const { stages } = parseDockerfile(text);
if (stages.length < 2) fail('expected a multi-stage Dockerfile');
const rootfsOf = new Map();
const skipped = [];
let final;
for (const stage of stages) {
  const rootfs = path.join(temp, `stage-${stage.name}`);
  mkdirSync(rootfs, { recursive: true });
  rootfsOf.set(stage.name, rootfs);
  const state = { workdir: '/', env: {}, user: 'root', cmd: null, healthcheck: null, volumes: [], expose: [] };
  const inside = (containerPath) => path.join(rootfs, path.posix.resolve(state.workdir, containerPath));
  for (const instruction of stage.instructions) {
    const { keyword, args: rest } = instruction;
    if (keyword === 'WORKDIR') {
      state.workdir = path.posix.resolve(state.workdir, rest);
      mkdirSync(inside('.'), { recursive: true });
    } else if (keyword === 'ENV') Object.assign(state.env, parseEnv(rest));
    else if (keyword === 'COPY') {
      const parts = instruction.json ?? rest.split(/\s+/);
      const dest = parts.pop();
      const from = instruction.flags.from;
      if (from && !rootfsOf.has(from)) fail(`COPY --from=${from}: no such stage`);
      for (const source of parts) {
        const host = from ? path.join(rootfsOf.get(from), path.posix.resolve('/', source)) : path.join(context, source);
        if (!existsSync(host))
          fail(`line ${instruction.line}: COPY ${source}: not in the ${from ? `stage ${from}` : 'context'}`);
        const isDir = statSync(host).isDirectory();
        const target =
          isDir || !(dest.endsWith('/') || parts.length > 1)
            ? inside(dest)
            : path.join(inside(dest), path.basename(source));
        mkdirSync(isDir ? target : path.dirname(target), { recursive: true });
        cpSync(host, target, { recursive: true });
      }
    } else if (keyword === 'RUN') {
      if (/\b(chown|useradd|adduser|groupadd|apt-get|apk)\b/.test(rest) || /(^|[\s;&|])\/(?!dev\/null)/.test(rest)) {
        skipped.push(`${stage.name}, line ${instruction.line}: RUN ${rest}`);
        continue;
      }
      await timed(`stage ${stage.name}: RUN ${rest}`, () =>
        run('sh', ['-c', rest], {
          cwd: inside('.'),
          env: {
            ...process.env,
            ...state.env,
            npm_config_cache: npmCache,
            npm_config_prefer_offline: 'true',
            npm_config_update_notifier: 'false',
          },
        }),
      );
    } else if (keyword === 'USER') state.user = rest;
    else if (keyword === 'CMD') state.cmd = instruction.json ?? ['sh', '-c', rest];
    else if (keyword === 'HEALTHCHECK') state.healthcheck = parseHealthcheck(instruction);
    else if (keyword === 'VOLUME') state.volumes.push(...(instruction.json ?? rest.split(/\s+/)));
    else if (keyword === 'EXPOSE') state.expose.push(...rest.split(/\s+/));
  }
  final = { stage, state, cwd: inside('.') };
}

for (const line of skipped) say(`not run (system setup; Docker does it): ${line}`);
const { state, cwd } = final;
if (state.user === 'root') fail('the runtime stage runs as root: add a USER');
if (!state.cmd) fail('the runtime stage has no CMD');
if (!state.healthcheck) fail('the runtime stage has no HEALTHCHECK');

// The image's ENV, with the volume and port of this run, and the secrets production refuses to start
// without (compose.yaml passes them). Nothing else of this shell's environment leaks in.
const port = await freePort();
const dataDir = path.join(temp, 'data');
const env = {
  PATH: process.env.PATH,
  HOME: temp,
  ...state.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  JWT_SECRET: randomBytes(32).toString('base64url'),
  SEALING_KEYS: `check:${randomBytes(32).toString('base64')}`,
  MAIL_TRANSPORT: 'file',
};
say(`start: ${state.cmd.join(' ')} (DATA_DIR ${state.env.DATA_DIR} -> ${dataDir}, PORT ${port})`);
await timed('start: until the HEALTHCHECK command passes', async () => {
  let log = '';
  server = spawn(state.cmd[0], state.cmd.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [server.stdout, server.stderr])
    stream.on('data', (chunk) => (log = (log + chunk).slice(-20_000)));
  const command = Array.isArray(state.healthcheck.command)
    ? state.healthcheck.command
    : ['sh', '-c', state.healthcheck.command];
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) fail(`the server exited (${server.exitCode}) before it was healthy:\n${log}`);
    if (spawnSync(command[0], command.slice(1), { cwd, env, timeout: 10_000 }).status === 0) break;
    if (Date.now() > deadline) fail(`the HEALTHCHECK did not pass in 120 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!existsSync(path.join(dataDir, 'app.db'))) fail('the server is healthy but wrote no database into DATA_DIR');
});
// The image's own commands, as an operator runs them in the container (`docker compose exec app npm run
// backup`): a backup of the running server, restored into an empty DATA_DIR.
const backups = path.join(temp, 'backups');
await timed('npm run backup while the server runs (node scripts/backup.mjs)', () =>
  run('node', ['scripts/backup.mjs', '--to', backups], { cwd, env }),
);
await timed('npm run restore into an empty DATA_DIR (node scripts/restore.mjs)', () =>
  run('node', ['scripts/restore.mjs', path.join(backups, readdirSync(backups)[0])], {
    cwd,
    env: { ...env, DATA_DIR: path.join(temp, 'restored') },
  }),
);
await timed('stop: SIGTERM', async () => {
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve(code ?? signal)));
  server.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), 30_000));
  const how = await Promise.race([exited, timeout]);
  if (how === 'timeout') fail('the server did not exit within 30 s of SIGTERM');
  say(`the server exited: ${how}`);
});

say(`passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const line of timings) say(`  ${line}`);
process.exit(0);

function run(command, commandArgs, options) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { ...options, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : fail(`${command} ${commandArgs.join(' ')} exited ${code}`)));
  });
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

/** What `docker build .` would send: git's tracked and untracked-but-not-ignored files, less .dockerignore. */
function copyContext(target) {
  const ignoreFile = path.join(ROOT, '.dockerignore');
  const patterns = existsSync(ignoreFile)
    ? readFileSync(ignoreFile, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#'))
    : [];
  const ignored = (file) => {
    let out = false;
    for (const pattern of patterns) {
      const negated = pattern.startsWith('!');
      const glob = (negated ? pattern.slice(1) : pattern).replace(/^\/+|\/+$/g, '');
      const parts = file.split('/');
      const hit = parts.some((_, i) => path.matchesGlob(parts.slice(0, i + 1).join('/'), glob));
      if (hit) out = !negated;
    }
    return out;
  };
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  let count = 0;
  for (const file of listed) {
    if (ignored(file) || !existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(target, file));
    count += 1;
  }
  say(`context: ${count} files`);
}
