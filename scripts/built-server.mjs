// Shared by start.mjs and create-admin.mjs: run a file of the built server, building first when dist/
// is missing or older than the sources (the stamp says).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent, ROOT } from './build-stamp.mjs';

/** Runs `node ...args` in the project folder with this process's terminal; resolves to its exit code. */
export const runNode = (args) =>
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

/** Builds when needed, then checks that `dist/server/<file>` exists; exits the process when it cannot. */
export async function ensureBuilt(file, tag) {
  // A deployment that ships only dist/ (no sources) runs what it has.
  const hasSources = existsSync(path.join(ROOT, 'src'));
  if (hasSources && !buildIsCurrent()) {
    console.log(`[${tag}] the build is missing or out of date: building first (npm run build)...`);
    const code = await runNode(['scripts/build.mjs']);
    if (code !== 0) {
      console.error(`[${tag}] the build failed (exit ${code}); not starting.`);
      process.exit(code);
    }
  }
  if (!existsSync(path.join(ROOT, 'dist/server', file))) {
    console.error(`[${tag}] dist/server/${file} is missing: run \`npm run build\`.`);
    process.exit(1);
  }
}
