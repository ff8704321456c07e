import type { SealingKeys } from '#src/server/security/sealing.ts';

// The sealing keys, for the migrations that seal or open stored values (migration 020 seals the bank
// details stored as typed before it). Kysely gives a migration the database only, so migrate.ts sets the
// keys here for the length of a run; a run without them works as long as no row needs them.

let current: SealingKeys | undefined;

export async function withMigrationKeys<T>(keys: SealingKeys | undefined, run: () => Promise<T>): Promise<T> {
  const before = current;
  current = keys;
  try {
    return await run();
  } finally {
    current = before;
  }
}

/** The keys of this run; `what` says which rows need them when the run has none. */
export function migrationKeys(what: string): SealingKeys {
  if (!current) throw new Error(`This migration needs SEALING_KEYS: ${what}`);
  return current;
}
