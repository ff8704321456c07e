import { sql } from 'kysely';
import { type DB, isPostgres } from './connect';
import { SEARCH_INDEX_TABLES } from './text-search';

// An erased talent must be gone from the disk too, not only from every query (the privacy policy promises
// deletion; a backup copies the file's bytes). SQLite keeps a deleted row's bytes in its page, and a freed
// page's bytes in the file, until something reuses them; the WAL keeps every page image written since the
// last checkpoint; FTS5 keeps a deleted row's terms in its older segments until they are merged.
// - connect() turns on PRAGMA secure_delete: SQLite overwrites deleted content with zeros as it deletes.
// - prepareSecureDelete (after the migrations, at every start): FTS5's own secure-delete, which removes a
//   row's terms at once; and, once per database, the leftovers from before either was on: every search
//   index merged into one segment, then VACUUM (the file rewritten, free pages gone). user_version marks it.
// - scrubErased (after an erasure commits): a TRUNCATE checkpoint, so the WAL's older page images go too.
// PostgreSQL: see docs/personal-data.md ("Erased means gone from the disk").

const SECURE_DELETE_VERSION = 1;

export async function prepareSecureDelete(db: DB): Promise<void> {
  if (isPostgres(db)) return;
  for (const table of SEARCH_INDEX_TABLES)
    await sql.raw(`insert into ${table} (${table}, rank) values ('secure-delete', 1)`).execute(db);
  const version = (await sql<{ user_version: number }>`pragma user_version`.execute(db)).rows[0]?.user_version ?? 0;
  if (version >= SECURE_DELETE_VERSION) return;
  for (const table of SEARCH_INDEX_TABLES)
    await sql.raw(`insert into ${table} (${table}) values ('optimize')`).execute(db);
  await sql`vacuum`.execute(db);
  await sql.raw(`pragma user_version = ${SECURE_DELETE_VERSION}`).execute(db);
  await scrubErased(db);
}

/** After an erasure's commit: the WAL's copies of the erased pages are checkpointed and the WAL emptied. */
export async function scrubErased(db: DB): Promise<void> {
  if (isPostgres(db)) return;
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
