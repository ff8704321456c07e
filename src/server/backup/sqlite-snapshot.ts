import { chmod } from 'node:fs/promises';
import Sqlite from 'better-sqlite3';
import { PRIVATE_FILE_MODE } from '#src/server/private-paths.ts';

export type SnapshotFacts = { schemaVersion: string | null; tables: Record<string, number>; storageKeys: string[] };

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API. All pages go in one
 * step, inside one read transaction: in WAL mode that never blocks the server's writers, and the copy is
 * the database as of one instant. (Step by step, a write from the server restarts the copy, so under
 * steady load it might never finish.) The copy is left in rollback-journal mode, one self-contained file.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  const db = new Sqlite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
  await chmod(target, PRIVATE_FILE_MODE);
  const copy = new Sqlite(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Fails unless SQLite finds the file sound (PRAGMA integrity_check and foreign_key_check). */
export function checkIntegrity(file: string): void {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check') as { integrity_check: string }[];
    if (result.length !== 1 || result[0]?.integrity_check !== 'ok')
      throw new Error(`the database fails PRAGMA integrity_check: ${result.map((r) => r.integrity_check).join('; ')}`);
    const orphans = db.pragma('foreign_key_check') as unknown[];
    if (orphans.length > 0) throw new Error(`the database fails PRAGMA foreign_key_check (${orphans.length} rows)`);
  } finally {
    db.close();
  }
}

/** The schema version (last migration), every table's row count, and the storage keys the files rows name. */
export function snapshotFacts(file: string): SnapshotFacts {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    const tables: Record<string, number> = {};
    for (const name of names)
      tables[name] = db
        .prepare(`select count(*) from "${name.replaceAll('"', '""')}"`)
        .pluck()
        .get() as number;
    const schemaVersion = names.includes('kysely_migration')
      ? ((db.prepare('select max(name) from kysely_migration').pluck().get() as string | null) ?? null)
      : null;
    // Erased talents' files keep their row with an "erased:" key and no object (admin-data-protection).
    const storageKeys = names.includes('files')
      ? (db.prepare("select storage_key from files where storage_key not like 'erased:%'").pluck().all() as string[])
      : [];
    return { schemaVersion, tables, storageKeys };
  } finally {
    db.close();
  }
}
