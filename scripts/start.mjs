#!/usr/bin/env node
// `npm start`: builds when dist/ is missing or older than the sources (the stamp says), then runs the
// built server in the foreground. Works on a fresh clone right after `npm install`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, ROOT } from './build-stamp.mjs';

const run = (args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: process.env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1));
    });
  });

// A deployment that ships only dist/ (no sources) runs what it has.
const hasSources = existsSync(path.join(ROOT, 'src'));
if (hasSources && !buildIsCurrent()) {
  console.log('[start] the build is missing or out of date: building first (npm run build)...');
  const code = await run(['scripts/build.mjs']);
  if (code !== 0) {
    console.error(`[start] the build failed (exit ${code}); not starting the server.`);
    process.exit(code);
  }
}
if (!existsSync(path.join(ROOT, 'dist/server/index.js'))) {
  console.error('[start] dist/server/index.js is missing: run `npm run build`.');
  process.exit(1);
}
process.exit(await run(['dist/server/index.js']));
