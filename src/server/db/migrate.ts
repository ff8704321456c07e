import { sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator, NO_MIGRATIONS } from 'kysely/migration';
import { logger } from '#src/server/observability/logger.ts';
import type { SealingKeys } from '#src/server/security/sealing.ts';
import { type DB, isPostgres } from './connect';
import { withMigrationKeys } from './migration-keys';
import * as initial from './migrations/2026-11-22-001-initial';
import * as talentLinks from './migrations/2026-11-23-002-talent-links';
import * as referralListIndexes from './migrations/2026-11-24-003-referral-list-indexes';
import * as adminTaskListIndexes from './migrations/2026-11-24-004-admin-task-list-indexes';
import * as recruiterListIndexes from './migrations/2026-11-25-005-recruiter-list-indexes';
import * as dashboardIndexes from './migrations/2026-11-26-006-dashboard-indexes';
import * as referralCounts from './migrations/2026-11-27-007-referral-counts';
import * as textSearch from './migrations/2026-11-28-008-text-search';
import * as earningAndPaymentIndexes from './migrations/2026-11-29-009-earning-and-payment-indexes';
import * as hiringReason from './migrations/2026-11-30-010-hiring-reason';
import * as consentWithdrawal from './migrations/2026-11-30-011-consent-withdrawal';
import * as talentCompleted from './migrations/2026-11-30-012-talent-completed';
import * as temporaryPasswordExpiry from './migrations/2026-12-01-013-temporary-password-expiry';
import * as personalData from './migrations/2026-12-02-014-personal-data';
import * as notifications from './migrations/2026-12-03-015-notifications';
import * as resumeParseIndex from './migrations/2026-12-04-016-resume-parse-index';
import * as insightCounters from './migrations/2026-12-05-017-insight-counters';
import * as companies from './migrations/2026-12-05-019-companies';
import * as contactFromResume from './migrations/2026-12-05-020-contact-from-resume';
import * as sealedPayoutAndPayee from './migrations/2026-12-05-021-sealed-payout-and-payee';
import * as withholding107d from './migrations/2026-12-05-022-withholding-107d';
import * as cp58 from './migrations/2026-12-05-023-cp58';
import * as withdrawnHiring from './migrations/2026-12-06-024-withdrawn-hiring';
import { prepareSecureDelete, scrubErased } from './secure-delete';

// Migrations are imported, not read from disk, so the bundled server and the tests run the same list.
const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-23-002-talent-links': talentLinks,
  '2026-11-24-003-referral-list-indexes': referralListIndexes,
  '2026-11-24-004-admin-task-list-indexes': adminTaskListIndexes,
  '2026-11-25-005-recruiter-list-indexes': recruiterListIndexes,
  '2026-11-26-006-dashboard-indexes': dashboardIndexes,
  '2026-11-27-007-referral-counts': referralCounts,
  '2026-11-28-008-text-search': textSearch,
  '2026-11-29-009-earning-and-payment-indexes': earningAndPaymentIndexes,
  '2026-11-30-010-hiring-reason': hiringReason,
  '2026-11-30-011-consent-withdrawal': consentWithdrawal,
  '2026-11-30-012-talent-completed': talentCompleted,
  '2026-12-01-013-temporary-password-expiry': temporaryPasswordExpiry,
  '2026-12-02-014-personal-data': personalData,
  '2026-12-03-015-notifications': notifications,
  '2026-12-04-016-resume-parse-index': resumeParseIndex,
  '2026-12-05-017-insight-counters': insightCounters,
  '2026-12-05-019-companies': companies,
  '2026-12-05-020-contact-from-resume': contactFromResume,
  '2026-12-05-021-sealed-payout-and-payee': sealedPayoutAndPayee,
  '2026-12-05-022-withholding-107d': withholding107d,
  '2026-12-05-023-cp58': cp58,
  '2026-12-06-024-withdrawn-hiring': withdrawnHiring,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };
/** The migrations' names, as listed above (oldest first). */
export const migrationNames = (): string[] => Object.keys(migrations);

/**
 * A migration's place: the sequence number in its name, `YYYY-MM-DD-NNN-what` (or a plain `NNN-what`).
 * Kysely runs the migrations a database has not run in the order of their NAMES (its `nameComparator` only
 * orders those already run), so the names must sort in sequence: a new migration's date is never before
 * the last one's (the first names carried dates ahead of the calendar). A test holds it.
 */
export function migrationSequence(name: string): number {
  const match = /^(?:\d{4}-\d{2}-\d{2}-(\d{3})|(\d{3}))-/.exec(name);
  const sequence = match?.[1] ?? match?.[2];
  if (!sequence) throw new Error(`The migration name ${name} has no sequence number (YYYY-MM-DD-NNN-what)`);
  return Number(sequence);
}
const bySequence = (a: string, b: string) => migrationSequence(a) - migrationSequence(b);

/**
 * 019–023 were first named with the day they were written (2026-11-29), which sorts before 010–017: a
 * database of the release before them refused to start ("corrupted migrations"), and a new one ran them
 * before 010. Renamed to sort in sequence; a database that ran them under the old names has its record
 * rewritten before migrating. Such a database ran them in another order than their names now give, so the
 * migrator accepts an order of the past that differs from the names' (allowUnorderedMigrations).
 */
const RENAMED: Record<string, string> = Object.fromEntries(
  ['019-companies', '020-contact-from-resume', '021-sealed-payout-and-payee', '022-withholding-107d', '023-cp58'].map(
    (name) => [`2026-11-29-${name}`, `2026-12-05-${name}`],
  ),
);

/** Run before migrating (never on the readiness check's read): start-up migrates before serving. */
async function renameRecorded(db: DB): Promise<void> {
  const exists = isPostgres(db)
    ? (await sql<{ table: string | null }>`select to_regclass('kysely_migration')::text as "table"`.execute(db)).rows[0]
        ?.table
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)
      ).rows[0]?.name;
  if (!exists) return;
  for (const [before, after] of Object.entries(RENAMED))
    await sql`update kysely_migration set name = ${after} where name = ${before}`.execute(db);
}

async function migratorFor(db: DB): Promise<Migrator> {
  // On PostgreSQL the migrator's own tables go in the connection's schema: left to itself, Kysely looks
  // for them across every schema and, seeing another schema's, skips creating its own (tests run one
  // schema per file, and a deployment may share a database).
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  return new Migrator({
    db,
    provider,
    nameComparator: bySequence,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** What some migrations need besides the database: the keys that seal stored values (migration-keys.ts). */
export type MigrationOptions = { sealingKeys?: SealingKeys };

// Kysely's migrator lists the tables of every schema to find its own; on a PostgreSQL server shared with
// others (or with the test suites, whose files drop their schemas as they end), a schema dropped at that
// moment fails the listing (3F000, or 42P01 / 42703 between two catalogue rows). The database is fine:
// try again. Every use of the migrator does (a child server of the fault tests failed its boot so, on CI's
// busy PostgreSQL; /api/ready's check of pending migrations and the tests' rollbacks could too).
const CATALOGUE_RACES = new Set(['3F000', '42P01', '42703']);
const isCatalogueRace = (error: unknown) => CATALOGUE_RACES.has((error as { code?: string } | undefined)?.code ?? '');
async function retryingCatalogueRaces<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    // The migrator reports its errors in its result; getMigrations throws them.
    const outcome = await run().catch((error: unknown) => {
      if (!isCatalogueRace(error) || attempt >= 5) throw error;
      return undefined;
    });
    const error = (outcome as { error?: unknown } | undefined)?.error;
    if (outcome !== undefined && (!isCatalogueRace(error) || attempt >= 5)) return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
  }
}

export async function migrateToLatest(db: DB, options: MigrationOptions = {}): Promise<void> {
  await renameRecorded(db);
  const migrator = await migratorFor(db);
  const { error, results } = await retryingCatalogueRaces(() =>
    withMigrationKeys(options.sealingKeys, () => migrator.migrateToLatest()),
  );
  for (const result of results ?? []) {
    if (result.status === 'Error') logger.error({ area: 'db', migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
  await prepareSecureDelete(db);
  // A migration that rewrote values (021 sealed the bank details stored as typed) leaves the old pages in
  // the WAL until a checkpoint: written back now, so the plain text is in neither file.
  if (results?.some((result) => result.status === 'Success')) await scrubErased(db);
}

/** The migrations of this build the database has not run yet (none once `migrateToLatest` has run). */
export async function pendingMigrations(db: DB): Promise<string[]> {
  const migrator = await migratorFor(db);
  const infos = await retryingCatalogueRaces(() => migrator.getMigrations());
  return infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
}

/** Undoes every migration, newest first (each one's `down`): how a release is rolled back. */
export async function migrateAllDown(db: DB, options: MigrationOptions = {}): Promise<void> {
  await renameRecorded(db);
  const migrator = await migratorFor(db);
  const { error } = await retryingCatalogueRaces(() =>
    withMigrationKeys(options.sealingKeys, () => migrator.migrateTo(NO_MIGRATIONS)),
  );
  if (error) throw error;
}

/** Runs the migrations up to and including `name` (tests: a database as an older release left it). */
export async function migrateUpTo(db: DB, name: string, options: MigrationOptions = {}): Promise<void> {
  await renameRecorded(db);
  const migrator = await migratorFor(db);
  const { error } = await retryingCatalogueRaces(() =>
    withMigrationKeys(options.sealingKeys, () => migrator.migrateTo(name)),
  );
  if (error) throw error;
}
