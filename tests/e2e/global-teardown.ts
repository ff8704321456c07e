import { rmSync } from 'node:fs';

// The run's data folder (database, mail files) goes away with the run unless E2E_KEEP_DATA is set.
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && !process.env.E2E_KEEP_DATA) rmSync(dir, { recursive: true, force: true });
}
