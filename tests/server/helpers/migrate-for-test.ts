import type { DB } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';

// On PostgreSQL every test file works in schemas of its own, and drops them when done. Kysely's migrator
// lists the tables of every schema first; a schema another process drops at that moment makes the listing
// fail with 3F000 ("schema does not exist"), or 42P01 / 42703 (a table or column gone between the
// catalogue's rows). That race is the tests' own, not the app's: try again.
const CATALOGUE_RACES = new Set(['3F000', '42P01', '42703']);
export async function migrateForTest(db: DB): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      if (!CATALOGUE_RACES.has((error as { code?: string }).code ?? '') || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
