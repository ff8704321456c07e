#!/usr/bin/env node
// `npm test`: every suite, one stage after the other, stopping at the first that fails, and a table of
// each stage's wall time at the end (also after a failure), so a slow CI says where its time went.
// The app is built once (the `build` stage) and the budgets, the browser tests and the engine journeys
// all use that build.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['generate', 'npm run generate'],
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit', 'npm run test:unit'],
  ['build', 'npm run build'],
  ['budgets', 'npm run test:budgets'],
  ['e2e', 'npx playwright test'],
  ['engines', 'npm run test:engines'],
];

const only = process.env.TEST_STAGES?.split(',').map((name) => name.trim());
const times = [];
let failed = null;
const started = Date.now();
for (const [name, command] of STAGES) {
  if (only && !only.includes(name)) continue;
  const begin = Date.now();
  console.log(`\n[test] ${name}: ${command}`);
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  times.push([name, Date.now() - begin]);
  if (status !== 0) {
    failed = `${name} (${signal ? `signal ${signal}` : `exit ${status}`})`;
    break;
  }
}

const format = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;
console.log('\n[test] wall time by stage');
for (const [name, ms] of times) console.log(`[test]   ${name.padEnd(10)} ${format(ms).padStart(6)}`);
console.log(`[test]   ${'total'.padEnd(10)} ${format(Date.now() - started).padStart(6)}`);
if (failed) {
  console.error(`[test] failed: ${failed}`);
  process.exit(1);
}
