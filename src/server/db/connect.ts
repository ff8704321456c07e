import { existsSync } from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, type LogEvent, PostgresAdapter, PostgresDialect, type SqliteDatabase, SqliteDialect } from 'kysely';
import pg from 'pg';
import { logger } from '#src/server/observability/logger.ts';
import { observeQuery } from '#src/server/observability/metrics.ts';
import { makePrivateDirSync, makePrivateFileSync } from '#src/server/private-paths.ts';
import type { Database } from './database';

// PostgreSQL answers bigint (money, counts) as text by default; ours fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export type DB = Kysely<Database>;

/** `sqliteImage`: an in-memory SQLite database starting as a copy of this serialised one (tests' template). */
export function connect(options: { databaseUrl?: string; sqliteFile?: string; sqliteImage?: Buffer }): DB {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // A server that does not answer (a failover, a dropped network) fails the request after 5 s
      // (a 503, app.ts) instead of holding it for ever; keep-alive notices a dead peer in time.
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    // An idle client that loses its server must not crash the process; the next query fails cleanly.
    pool.on('error', (error) =>
      logger.error({ area: 'db', code: (error as { code?: string }).code }, 'idle client error'),
    );
    // A client in use has no listener of the pool's: without this one, a server restart while it is
    // checked out is an uncaught 'error' event that ends the process. Its query fails on its own (a 503),
    // and the pool drops the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: timeQuery });
    pools.set(db, pool);
    return db;
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') {
    // SQLite gives the -wal and -shm files the database file's mode, so a 0600 file keeps all three private.
    makePrivateDirSync(path.dirname(file));
    for (const part of [file, `${file}-wal`, `${file}-shm`])
      if (part === file || existsSync(part)) makePrivateFileSync(part);
  }
  const database = options.sqliteImage && file === ':memory:' ? new Sqlite(options.sqliteImage) : new Sqlite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // Deleted content is overwritten with zeros, so an erased talent is not left readable in the file or a
  // backup of it (secure-delete.ts).
  database.pragma('secure_delete = ON');
  // Up to 64 MiB of pages kept in the process (SQLite's default keeps 2 MiB). With the default, a list's
  // count or a dashboard's monthly totals over a million referrals read their index pages from the OS
  // again on every call, one system call a page, most of the time in the kernel: at the bench's size a
  // count over six months of referrals took 24 ms instead of 6, the admin dashboard 96 ms instead of 73
  // (issue 7, `npm run bench` lists). Memory grows only with use.
  database.pragma('cache_size = -65536');
  const cached = withStatementCache(database);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }), log: timeQuery });
  direct.set(db, {
    prepare: cached.prepare,
    inTransaction: () => database.inTransaction,
    serialize: () => database.serialize(),
  });
  return db;
}

/** The SQLite connection behind a Kysely that connect() made, for prepared-query.ts's direct path. */
export type DirectSqlite = { prepare(sql: string): Sqlite.Statement; inTransaction(): boolean; serialize(): Buffer };
const direct = new WeakMap<DB, DirectSqlite>();
export const directSqlite = (db: DB): DirectSqlite | undefined => direct.get(db);

// Each query's time, by kind only (select, insert...): never its SQL, which may hold values.
const timeQuery = (event: LogEvent) => observeQuery(event.query.query.kind, event.queryDurationMillis);

const pools = new WeakMap<DB, pg.Pool>();
/** The PostgreSQL pool behind a Kysely that connect() made (its gauges on /metrics); none on SQLite. */
export const poolOf = (db: DB): pg.Pool | undefined => pools.get(db);

export const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every SQLite statement anew on each query (~10% of a list call's CPU in the bench);
 * the app runs a few hundred distinct statements, so the prepared ones are kept. Past the limit the
 * oldest prepared goes first: re-preparing a statement that was still in use costs once, and a hit
 * costs one lookup (moving it to the end of a recency order cost more on every query). Safe because
 * queries run one at a time on this connection and none is streamed.
 */
function withStatementCache(database: Sqlite.Database): SqliteDatabase & { prepare(sql: string): Sqlite.Statement } {
  const statements = new Map<string, Sqlite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      const kept = statements.get(sql);
      if (kept) return kept;
      const statement = database.prepare(sql);
      if (statements.size >= STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
      return statement;
    },
  };
}
