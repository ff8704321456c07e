import { rmSync } from 'node:fs';
import path from 'node:path';
import { outsideReaches } from '#tests/setup/hermetic-server.ts';

// The run fails if the server tried to reach outside the machine (its guard's log, hermetic-guard.mjs).
// Then the run's data folder (database, mail files) goes away with the run unless E2E_KEEP_DATA is set.
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  const reached = dir ? outsideReaches(path.join(dir, 'outside-connections.log')) : [];
  if (dir && !process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
  if (reached.length > 0) throw new Error(`The e2e server tried to reach outside the machine:\n${reached.join('\n')}`);
}
