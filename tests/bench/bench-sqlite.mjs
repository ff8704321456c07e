// The spec the baselines of tests/bench/throughput.ts are started with (bare-server.mjs and
// hono-floor-server.mjs), and the SQLite file it names, opened with the same pragmas as
// src/server/db/connect.ts. Plain JavaScript, as the servers that use it.
import { readFileSync } from 'node:fs';
import Sqlite from 'better-sqlite3';

/** `{ spec, database }` for a spec file: `{ sqliteFile, port, honoPort, routes: [{ path, statements }] }`. */
export function openSpec(file) {
  const spec = JSON.parse(readFileSync(file, 'utf8'));
  const database = new Sqlite(spec.sqliteFile);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  return { spec, database };
}
