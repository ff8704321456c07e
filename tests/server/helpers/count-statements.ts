import type { DB } from '#src/server/db/connect.ts';
import { directSqlite } from '#src/server/db/connect.ts';

/**
 * Calls `counted` for every statement the app runs on `db` until the returned function is called:
 * through Kysely's executor, and on SQLite outside a transaction directly on the connection
 * (src/server/db/prepared-query.ts), where the prepared lookups and list pages run.
 */
export function countStatements(db: DB, counted: (sql: string) => void): () => void {
  const executor = db.getExecutor();
  const execute = executor.executeQuery;
  executor.executeQuery = ((...args: Parameters<typeof execute>) => {
    counted(args[0].sql);
    return execute.apply(executor, args);
  }) as typeof execute;
  const sqlite = directSqlite(db);
  const prepare = sqlite?.prepare;
  if (sqlite && prepare) {
    sqlite.prepare = (sql: string) => {
      const statement = prepare(sql);
      const run =
        <A extends unknown[], R>(method: (...args: A) => R) =>
        (...args: A) => {
          counted(sql);
          return method.apply(statement, args);
        };
      return Object.assign(Object.create(statement), {
        all: run(statement.all),
        get: run(statement.get),
        run: run(statement.run),
      });
    };
  }
  return () => {
    executor.executeQuery = execute;
    if (sqlite && prepare) sqlite.prepare = prepare;
  };
}
