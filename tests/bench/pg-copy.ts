// The benchmark's PostgreSQL database: the rows the list benchmark seeded into SQLite, copied into a
// fresh schema migrated as the server migrates, so both databases hold exactly the same data. Bulk-load
// style: the seeded tables' secondary indexes go first and are rebuilt after the rows; triggers and
// foreign-key checks are off during the copy (session_replication_role = replica: the rows come from a
// database that already enforced them; the call_proofs trigger's counts are copied, not recounted).
// Then VACUUM ANALYZE, as autovacuum does on a live database after a bulk change.
import { randomBytes } from 'node:crypto';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { connect, type DB } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';

const BATCH = 5000;

export interface PgCopy {
  /** The connection string of the schema holding the copy (search_path set). */
  url: string;
  db: DB;
  copyMs: number;
  indexMs: number;
  drop(): Promise<void>;
}

/**
 * With `keep` (BENCH_KEEP=1): the copy goes to the schema of that name and stays after the run (`drop`
 * only closes the connections); when the schema already holds a complete copy (its `bench_done` marker
 * names the same rows), it is reused as it is, migrated to the latest migration and analysed again.
 */
export async function copySqliteToPostgres(
  sqliteFile: string,
  databaseUrl: string,
  keep?: { schema: string; marker: string },
): Promise<PgCopy & { reused: boolean }> {
  const schema = keep?.schema ?? `bench_${randomBytes(5).toString('hex')}`;
  const admin = connect({ databaseUrl });
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = connect({ databaseUrl: url.toString() });
  const close = async () => {
    await db.destroy();
    await admin.destroy();
  };
  if (keep) {
    const done = await sql<{ marker: string }>`
      select marker from ${sql.id(schema)}.bench_done`
      .execute(admin)
      .then((r) => r.rows[0]?.marker)
      .catch(() => undefined);
    if (done === keep.marker) {
      const started = performance.now();
      await migrateToLatest(db);
      await sql`vacuum analyze`.execute(db);
      return { url: url.toString(), db, copyMs: 0, indexMs: performance.now() - started, drop: close, reused: true };
    }
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
  }
  await sql`create schema ${sql.id(schema)}`.execute(admin);
  const drop = keep
    ? close
    : async () => {
        await db.destroy();
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      };
  try {
    await migrateToLatest(db);
    const source = new Sqlite(sqliteFile, { readonly: true });
    // Only the tables PostgreSQL has too: SQLite's search indexes (FTS5 tables, migration 008) are
    // tables of its own, where PostgreSQL has pg_trgm indexes on the rows themselves.
    const inTarget = new Set(
      (
        await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${schema}`.execute(db)
      ).rows.map((row) => row.name),
    );
    const tables = (
      source
        .prepare(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`,
        )
        .all() as { name: string }[]
    )
      .map((row) => row.name)
      .filter((name) => inTarget.has(name))
      .filter(
        (name) => (source.prepare(`select exists (select 1 from "${name}") as any`).get() as { any: number }).any,
      );

    // Secondary indexes of the tables that get rows (not those behind a primary key or unique constraint).
    const indexes = (
      await sql<{ name: string; definition: string }>`
        select i.indexname as name, i.indexdef as definition from pg_indexes i
        where i.schemaname = ${schema} and i.tablename in (${sql.join(tables)})
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = ${schema}::regnamespace)`.execute(
        db,
      )
    ).rows;
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);

    const copyStarted = performance.now();
    await db.connection().execute(async (conn) => {
      await sql`set session_replication_role = replica`.execute(conn);
      for (const table of tables) {
        let batch: unknown[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          await sql`insert into ${sql.id(table)} select * from json_populate_recordset(null::${sql.id(table)}, ${JSON.stringify(batch)}::json)`.execute(
            conn,
          );
          batch = [];
        };
        for (const row of source.prepare(`select * from "${table}"`).iterate()) {
          batch.push(row);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        // Serial ids continue after the copied ones.
        const serial = await sql<{ seq: string | null }>`
          select pg_get_serial_sequence(${table}, column_name) as seq from information_schema.columns
          where table_schema = ${schema} and table_name = ${table} and column_name = 'id'`.execute(conn);
        const seq = serial.rows[0]?.seq;
        if (seq) await sql`select setval(${seq}, coalesce((select max(id) from ${sql.id(table)}), 1))`.execute(conn);
      }
      await sql`set session_replication_role = origin`.execute(conn);
    });
    source.close();
    const copyMs = performance.now() - copyStarted;

    const indexStarted = performance.now();
    for (const index of indexes) await sql.raw(index.definition).execute(db);
    // VACUUM ANALYZE: what autovacuum does on a live database after a bulk load — statistics for the
    // planner, and a visibility map, without which an index-only scan (a count over an index) still
    // visits every heap page.
    await sql`vacuum analyze`.execute(db);
    const indexMs = performance.now() - indexStarted;
    if (keep) {
      await sql`create table bench_done (marker text not null)`.execute(db);
      await sql`insert into bench_done (marker) values (${keep.marker})`.execute(db);
    }
    return { url: url.toString(), db, copyMs, indexMs, drop, reused: false };
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
}
