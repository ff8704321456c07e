import type Sqlite from 'better-sqlite3';
import type { Compilable, CompiledQuery } from 'kysely';
import { observeQuery } from '#src/server/observability/metrics.ts';
import { type DB, directSqlite } from './connect';

/**
 * Stands for an argument of a prepared query while its builder runs once. Only a value of the query may
 * hold it: code that reads it (compares it, puts it in a string) throws, so a builder that decides
 * anything from an argument fails on its first call instead of compiling one case for every call.
 */
class Slot {
  constructor(
    readonly index: number,
    readonly element?: number,
  ) {}
  [Symbol.toPrimitive](): never {
    throw new Error('A prepared query argument may only be a value of the query, not be read by its builder.');
  }
}

/** Variants kept per database and query: one per length of its array arguments (an `in` list). */
const VARIANTS_KEPT = 64;

/**
 * A query whose shape never changes, built and compiled once per database, then run with new values
 * (Kysely's "splitting build, compile and execute" recipe). Building and compiling a join with a few
 * columns cost ~20 µs a call, more than SQLite takes to answer it; the session check runs on every
 * authenticated request. `build` must use its arguments only as values (where, limit, values...); an
 * array argument is a list of values (`in`), compiled once per length. On PostgreSQL, and on SQLite in
 * a transaction, the statement goes through the Kysely instance (its executor, log and plugins' result
 * step); on SQLite otherwise it runs directly (below): our Kyselys have no plugins.
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: DB, ...args: A) => Compilable<R>,
): (db: DB, ...args: A) => Promise<R[]> {
  return allRowsOf(compiledPerDatabase(build, true));
}

// Async: a builder's mistake (compile) rejects the call's promise, as a failed query does.
const allRowsOf =
  <A extends unknown[], R>(prepared: Prepared<A, R>) =>
  async (db: DB, ...args: A): Promise<R[]> => {
    const { query, parameters } = prepared(db, args);
    return execute(db, query, parameters, allRows, asRows);
  };

/**
 * preparedQuery for a lookup of one row: its first row, or undefined. On SQLite it asks the statement
 * for that row alone, and no wrapper awaits a list to pick it (the session check of every call, bench).
 */
export function preparedFirst<A extends unknown[], R>(
  build: (db: DB, ...args: A) => Compilable<R>,
): (db: DB, ...args: A) => Promise<R | undefined> {
  const prepared = compiledPerDatabase(build, true);
  return async (db, ...args) => {
    const { query, parameters } = prepared(db, args);
    return execute(db, query, parameters, firstRow, firstOf);
  };
}

/**
 * preparedQuery for a query of several shapes, a list whose filters and order vary: `shape` is what
 * decides its SQL (which filters are on, the order) and reaches the builder as it is; the arguments are
 * the values, as in preparedQuery, except that a shape may leave some unused (a filter it leaves off,
 * whose value the caller passes as undefined; the count of an unfiltered list uses none). Compiled once
 * per database and shape (its JSON), where building and compiling the task board's page and count
 * queries each call cost ~21 µs (bench). The shapes must be few: a list's filter and sort choices.
 */
export function preparedShapes<S, A extends unknown[], R>(
  build: (db: DB, shape: S, ...args: A) => Compilable<R>,
): (db: DB, shape: S, ...args: A) => Promise<R[]> {
  const perShape = new Map<string, (db: DB, ...args: A) => Promise<R[]>>();
  return (db, shape, ...args) => {
    const key = JSON.stringify(shape);
    let run = perShape.get(key);
    if (!run) {
      run = allRowsOf(compiledPerDatabase((shaped: DB, ...values: A) => build(shaped, shape, ...values), false));
      perShape.set(key, run);
    }
    return run(db, ...args);
  };
}

// What a call answers, from the statement run on SQLite directly, or from the rows Kysely answers.
type FromStatement = (statement: Sqlite.Statement, parameters: readonly unknown[]) => unknown;
const allRows: FromStatement = (statement, parameters) => {
  if (statement.reader) return statement.all(parameters);
  statement.run(parameters);
  return [];
};
const firstRow: FromStatement = (statement, parameters) => statement.get(parameters);
const asRows = <R>(rows: R[]) => rows;
const firstOf = <R>(rows: R[]) => rows[0];

/**
 * A compiled query with a call's values. SQLite outside a transaction: the statement runs at once on
 * the connection (prepared once, connect.ts), not through Kysely's executor, whose connection lock and
 * result steps cost more than these lookups (bench: the session check runs on every call). Safe:
 * better-sqlite3 runs a statement synchronously, so nothing else runs on the connection meanwhile, and
 * no transaction is open that it could read into. In a transaction (its own Kysely instance, or the
 * connection inside one), and on PostgreSQL, the query goes through Kysely and waits its turn.
 * Not async: on SQLite it answers at once, so the caller's own async function resolves with the value,
 * without a promise more to wait for.
 */
function execute<R, T>(
  db: DB,
  query: CompiledQuery<R>,
  parameters: readonly unknown[],
  fromStatement: FromStatement,
  fromRows: (rows: R[]) => T,
): T | Promise<T> {
  const sqlite = directSqlite(db);
  if (sqlite && !sqlite.inTransaction()) {
    // Past Kysely, so past its log: timed here for db_query_duration_seconds.
    const startedAt = performance.now();
    const result = fromStatement(sqlite.prepare(query.sql), parameters) as T;
    observeQuery(query.query.kind, performance.now() - startedAt);
    return result;
  }
  return db.executeQuery<R>({ ...query, parameters }).then(({ rows }) => fromRows(rows));
}

type Prepared<A extends unknown[], R> = (
  db: DB,
  args: A,
) => { query: CompiledQuery<R>; parameters: readonly unknown[] };

/**
 * The compiled query of `build` for a database (once per length of its array arguments), and a call's
 * values; `everyArgument`: a builder that leaves an argument unused is a mistake (compile).
 */
function compiledPerDatabase<A extends unknown[], R>(
  build: (db: DB, ...args: A) => Compilable<R>,
  everyArgument: boolean,
): Prepared<A, R> {
  // Per Kysely instance: the SQL depends on its dialect (a transaction is an instance of its own).
  const compiled = new WeakMap<DB, Map<string, CompiledQuery<R>>>();
  return (db: DB, args: A) => {
    let key = '';
    for (const arg of args) if (Array.isArray(arg)) key += `${arg.length},`;
    let variants = compiled.get(db);
    if (!variants) {
      variants = new Map();
      compiled.set(db, variants);
    }
    let query = variants.get(key);
    if (!query) {
      query = compile(build, db, args, everyArgument);
      if (variants.size < VARIANTS_KEPT) variants.set(key, query);
    }
    const parameters = query.parameters.map((p) =>
      p instanceof Slot ? (p.element === undefined ? args[p.index] : (args[p.index] as unknown[])[p.element]) : p,
    );
    return { query, parameters };
  };
}

function compile<A extends unknown[], R>(
  build: (db: DB, ...args: A) => Compilable<R>,
  db: DB,
  args: A,
  everyArgument: boolean,
) {
  const slots = args.map((arg, index) =>
    Array.isArray(arg) ? arg.map((_, element) => new Slot(index, element)) : new Slot(index),
  ) as A;
  const query = build(db, ...slots).compile();
  if (!everyArgument) return query;
  const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
  // An empty list has no value to use (the builder's `in ()` is what it would compile anyway).
  if (args.some((arg, index) => !used.has(index) && !(Array.isArray(arg) && arg.length === 0)))
    throw new Error('Every argument of a prepared query must be a value of it.');
  return query;
}
