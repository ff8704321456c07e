import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Issue 7 lists bench: every list search is a case-insensitive "contains", which a b-tree cannot serve,
// so at 100,000 tasks / 400,000 talents / 1,000,000 referrals each one read whole tables (up to 620 ms
// on SQLite). Trigram indexes answer "contains" for 3 characters or more (src/server/db/text-search.ts).
// - SQLite: an FTS5 table per searched table, `<table>_search`, over its searched columns, with the
//   trigram tokenizer (case-folded). External content (the rows stay in the table; the index holds only
//   trigrams and rowids); triggers keep it right whoever writes (the app, the demo seed, tests).
// - PostgreSQL: pg_trgm GIN indexes on the columns, which ILIKE uses. pg_trgm is an extension: a role
//   that may not create it still migrates, without these indexes (the searches then scan).
// - talent_id and task_id join referrals_recruiter_created, so a recruiter's referrals searched (their
//   talents' or tasks' ids in the index's answer) are checked, counted and paged newest first from that
//   index alone: 24,000 referrals of one recruiter, 130 -> 7 ms on SQLite.
// Frozen: the searched columns are listed here, not imported, as the migration saw them.
const SEARCHED = {
  tasks: ['title', 'company', 'code', 'location'],
  talents: ['full_name', 'email_normalized', 'phone_e164'],
  users: ['full_name', 'email'],
} as const;

const entries = Object.entries(SEARCHED) as [keyof typeof SEARCHED, readonly string[]][];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('referrals_recruiter_created').execute();
  await db.schema
    .createIndex('referrals_recruiter_created')
    .on('referrals')
    .columns(['recruiter_id', 'created_at', 'id', 'talent_id', 'task_id'])
    .execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const schema = await trigramSchema(db);
    if (!schema) return;
    for (const [table, columns] of entries) {
      for (const column of columns) {
        await sql
          .raw(`create index ${table}_${column}_trgm on ${table} using gin (${column} "${schema}".gin_trgm_ops)`)
          .execute(db);
      }
    }
    return;
  }
  for (const [table, columns] of entries) {
    const list = columns.join(', ');
    const values = (row: 'old' | 'new') => columns.map((c) => `${row}.${c}`).join(', ');
    // columnsize=0: no per-row token counts, which only ranking (bm25) reads.
    await sql
      .raw(`create virtual table ${table}_search using fts5(${list},
        content='${table}', content_rowid='id', tokenize='trigram', columnsize=0)`)
      .execute(db);
    await sql.raw(`insert into ${table}_search (${table}_search) values ('rebuild')`).execute(db);
    // An external-content index forgets a row only when given the values it indexed: the old ones.
    const insert = `insert into ${table}_search (rowid, ${list}) values (new.id, ${values('new')});`;
    const remove = `insert into ${table}_search (${table}_search, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
    await sql.raw(`create trigger ${table}_search_insert after insert on ${table} begin ${insert} end`).execute(db);
    await sql.raw(`create trigger ${table}_search_delete after delete on ${table} begin ${remove} end`).execute(db);
    // Most updates (a status, a timestamp, the same form saved again) change no searched text.
    const changed = ['id', ...columns].map((c) => `old.${c} is not new.${c}`).join(' or ');
    await sql
      .raw(`create trigger ${table}_search_update after update of id, ${list} on ${table} when ${changed}
        begin ${remove} ${insert} end`)
      .execute(db);
  }
}

/**
 * The schema pg_trgm is in, creating it first if need be; undefined when this role may not. Inside a
 * savepoint, so a refusal leaves the migration's transaction usable. Created in `public` when it can be:
 * in the current schema, it would go with that schema (each test file drops its own) and take every
 * other schema's indexes on its operator class along. Another session creating it at the same moment
 * makes ours fail; the lookup after the savepoint then finds theirs.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  for (const target of [sql` schema public`, sql``]) {
    const schema = await installed();
    if (schema) return schema;
    await sql`savepoint pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm${target}`.execute(db);
      await sql`release savepoint pg_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint pg_trgm`.execute(db);
    }
  }
  return installed();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropIndex('referrals_recruiter_created').execute();
  await db.schema
    .createIndex('referrals_recruiter_created')
    .on('referrals')
    .columns(['recruiter_id', 'created_at', 'id'])
    .execute();
  for (const [table, columns] of entries) {
    if (pg) {
      for (const column of columns) await sql.raw(`drop index if exists ${table}_${column}_trgm`).execute(db);
      continue;
    }
    for (const name of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_search_${name}`).execute(db);
    }
    await sql.raw(`drop table ${table}_search`).execute(db);
  }
}
