import type { Compilable, CompiledQuery } from 'kysely';
import type { DB } from './connect';

/**
 * Stands for an argument of a prepared query while its builder runs once. Only a value of the query may
 * hold it: code that reads it (compares it, puts it in a string) throws, so a builder that decides
 * anything from an argument fails on its first call instead of compiling one case for every call.
 */
class Slot {
  constructor(readonly index: number) {}
  [Symbol.toPrimitive](): never {
    throw new Error('A prepared query argument may only be a value of the query, not be read by its builder.');
  }
}

/**
 * A query whose shape never changes, built and compiled once per database, then run with new values
 * (Kysely's "splitting build, compile and execute" recipe). Building and compiling a join with a few
 * columns cost ~20 µs a call, more than SQLite takes to answer it; the session check runs on every
 * authenticated request. `build` must use its arguments only as values (where, limit, values...).
 * The statement still goes through the Kysely instance (its executor, log and plugins' result step).
 */
export function preparedQuery<A extends unknown[], R>(
  build: (db: DB, ...args: A) => Compilable<R>,
): (db: DB, ...args: A) => Promise<R[]> {
  // Per Kysely instance: the SQL depends on its dialect (a transaction is an instance of its own).
  const compiled = new WeakMap<DB, CompiledQuery<R>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const slots = args.map((_, index) => new Slot(index)) as A;
      query = build(db, ...slots).compile();
      const used = new Set(query.parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
      if (used.size !== args.length) throw new Error('Every argument of a prepared query must be a value of it.');
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    const { rows } = await db.executeQuery<R>({ ...query, parameters });
    return rows;
  };
}
