import type { DB } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';

// On PostgreSQL every test file works in a schema of its own, and drops it when done. Kysely's migrator
// lists the tables of every schema first; a schema another file drops at that moment makes the listing
// fail with 3F000 ("schema does not exist"). That race is the tests' own, not the app's: try again.
export async function migrateForTest(db: DB): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '3F000' || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
