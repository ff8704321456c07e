#!/usr/bin/env node
// `npm run dev`: the API (tsx watch, port API_PORT, default 3001) and Vite (port VITE_PORT, default
// 5173, proxying /api to the API) in one terminal, their output prefixed and interleaved. Ctrl-C stops
// both; if one of them dies, the other is stopped too.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './build-stamp.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.VITE_PORT ?? '5173';
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);
const color = process.stdout.isTTY ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;

// The API imports the generated messages (e-mail templates): compile them before it starts. Vite's
// plugin keeps them up to date afterwards.
const compiled = spawnSync(process.execPath, ['scripts/generate.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

const processes = [
  {
    name: 'api',
    tint: 36,
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'src/server/index.ts'],
    env: {
      APP_ENV: 'development',
      APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}`,
      // Readable log lines here; `npm start` writes JSON (src/server/observability/logger.ts).
      LOG_FORMAT: 'pretty',
      ...process.env,
      PORT: apiPort,
    },
  },
  {
    name: 'web',
    tint: 35,
    command: bin('vite'),
    args: ['--port', webPort, '--strictPort'],
    env: { ...process.env, API_PORT: apiPort, PORT: webPort },
  },
];

let stopping = false;
const children = processes.map(({ name, tint, command, args, env }) => {
  const child = spawn(command, args, {
    cwd: ROOT,
    // Piped output is not a terminal: keep the children's colours when ours is one.
    env: { ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = color(tint, `[${name}]`);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      (stream === child.stderr ? process.stderr : process.stdout).write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code, signal) => {
    child.exited = true;
    if (!stopping) {
      console.error(`${prefix} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    } else if (children.every((c) => c.exited)) process.exit(process.exitCode ?? 0);
  });
  return child;
});

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const child of children) if (!child.exited) child.kill('SIGTERM');
  // A child that ignores SIGTERM must not keep the terminal.
  setTimeout(() => {
    for (const child of children) if (!child.exited) child.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
console.log(
  `${color(1, 'Recruiter dev')}: app http://localhost:${webPort}  (API on http://localhost:${apiPort}, proxied at /api)`,
);
