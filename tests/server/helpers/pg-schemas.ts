import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { connect, type DB } from '#src/server/db/connect.ts';
import { migrateForTest } from './migrate-for-test';

// A fresh, migrated PostgreSQL schema per test app, without migrating one per test: creating a schema and
// running every migration took about a second, once per test, for half of the API suites' tests. A schema
// a test closed is emptied (TRUNCATE … RESTART IDENTITY: no row, every id counting from 1 again, as after
// migrating) and handed to the file's next test app. One whose shape a test changed (a trigger or function
// of its own, a migration undone) is dropped instead: its fingerprint differs from a freshly migrated one.
// Every schema a file made is dropped after the file.

type Pooled = { name: string; fingerprint: string };
const free: Pooled[] = [];
const made = new Set<string>();
let freshFingerprint: string | undefined;

const urlFor = (schema: string) => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
};

async function asAdmin(work: (db: DB) => Promise<unknown>): Promise<void> {
  const admin = connect({ databaseUrl: process.env.TEST_DATABASE_URL as string });
  try {
    await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** Tables, indexes, triggers, functions and migrations of the connection's schema, as one string. */
async function fingerprintOf(db: DB): Promise<string> {
  const { rows } = await sql<{ print: string | null }>`
    select string_agg(item, ',' order by item) as print from (
      select 'r:' || relname || ':' || relkind::text as item from pg_class
        where relnamespace = current_schema()::regnamespace
      union all
      select 't:' || tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and not t.tgisinternal
      union all
      select 'p:' || proname from pg_proc where pronamespace = current_schema()::regnamespace
      union all
      select 'm:' || name from kysely_migration
    ) as items`.execute(db);
  return rows[0]?.print ?? '';
}

/** A migrated, empty schema and a connection whose search_path is it. */
export async function takeSchema(): Promise<{ db: DB; release: () => Promise<void> }> {
  let pooled = free.pop();
  if (!pooled) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await asAdmin((admin) => sql`create schema ${sql.id(name)}`.execute(admin));
    made.add(name);
    const db = connect({ databaseUrl: urlFor(name) });
    try {
      await migrateForTest(db);
      freshFingerprint ??= await fingerprintOf(db);
    } finally {
      await db.destroy();
    }
    pooled = { name, fingerprint: freshFingerprint ?? '' };
  }
  const { name } = pooled;
  const db = connect({ databaseUrl: urlFor(name) });
  return {
    db,
    release: async () => {
      const reusable = (await fingerprintOf(db).catch(() => '')) === freshFingerprint;
      if (reusable) {
        const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables
          where schemaname = current_schema() and tablename not like 'kysely_migration%'`.execute(db);
        const tables = rows.map((row) => sql.id(row.name));
        if (tables.length > 0) await sql`truncate table ${sql.join(tables)} restart identity cascade`.execute(db);
      }
      await db.destroy();
      if (reusable) free.push({ name, fingerprint: freshFingerprint ?? '' });
      else await dropSchema(name);
    },
  };
}

async function dropSchema(name: string) {
  made.delete(name);
  await asAdmin((admin) => sql`drop schema if exists ${sql.id(name)} cascade`.execute(admin));
}

/**
 * Drops every schema made since the last call. Run after each test file (tests/setup/pg-schemas.ts, a
 * setup file: the API suites share their modules between files, so a hook registered here would run after
 * the first file only), so no file takes a schema another file used and the test database keeps none.
 */
export async function dropSchemasOfFile(): Promise<void> {
  free.length = 0;
  for (const name of [...made]) await dropSchema(name);
}
