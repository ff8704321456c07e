import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { DB } from './connect';
import * as initial from './migrations/2026-11-22-001-initial';
import * as talentLinks from './migrations/2026-11-23-002-talent-links';

// Migrations are imported, not read from disk, so the bundled server and the tests run the same list.
const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-23-002-talent-links': talentLinks,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') console.error(`[db] migration ${result.migrationName} failed`);
  }
  if (error) throw error;
}
