import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  migrateAllDown,
  migrateToLatest,
  migrateUpTo,
  migrationNames,
  migrationSequence,
  pendingMigrations,
} from '#src/server/db/migrate.ts';
import { createTestApp, DIALECTS } from './helpers/test-app';

// Every migration's `down` undoes its `up`: rolled all the way back, no table of the app is left, and
// migrated again the schema works (a release can be rolled back and forward again).

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it('every migration can be undone, newest first, and done again', async () => {
    const t = await createTestApp(dialect);
    try {
      const tables = async () =>
        dialect === 'postgres'
          ? (
              await sql<{ name: string }>`select table_name as name from information_schema.tables
                where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(t.db)
            ).rows.map((row) => row.name)
          : (
              await sql<{ name: string }>`select name from sqlite_master where type = 'table'
                and name not like 'kysely_%' and name not like 'sqlite_%'`.execute(t.db)
            ).rows.map((row) => row.name);
      expect(await tables()).toContain('referrals');

      await migrateAllDown(t.db);
      expect(await tables()).toEqual([]);

      await migrateToLatest(t.db);
      expect(await tables()).toContain('referrals');
      const user = await t.createUser({ email: 'after-rollback@example.com' });
      expect((await t.login(user.email)).accessToken).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});

const RECORDED = async (db: Parameters<typeof migrateToLatest>[0]) =>
  (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)).rows.map((r) => r.name);

describe.each(DIALECTS)('upgrading a database on %s', (dialect) => {
  // 019–023 were first named 2026-11-29-…, which sorts before 010–017: Kysely runs pending migrations by
  // name, so a database of the release before them (001–017 run) refused to start, "corrupted migrations".
  it('a database as the release before the companies left it (001–017 run) migrates to the latest', async () => {
    const t = await createTestApp(dialect);
    try {
      await migrateAllDown(t.db);
      await migrateUpTo(t.db, '2026-12-05-017-insight-counters');
      expect(await RECORDED(t.db)).toHaveLength(17);
      await migrateToLatest(t.db);
      expect(await pendingMigrations(t.db)).toEqual([]);
      expect(await RECORDED(t.db)).toEqual([...migrationNames()].sort());
    } finally {
      await t.close();
    }
  });

  it('a database that ran 019–023 under their first names keeps them, renamed, and migrates on', async () => {
    const t = await createTestApp(dialect);
    try {
      const renamed = migrationNames().filter((name) => /^2026-12-05-0(19|2\d)-/.test(name));
      expect(renamed).toHaveLength(5);
      for (const name of renamed)
        await sql`update kysely_migration set name = ${name.replace('2026-12-05-', '2026-11-29-')} where name = ${name}`.execute(
          t.db,
        );
      await migrateToLatest(t.db);
      expect(await pendingMigrations(t.db)).toEqual([]);
      expect(await RECORDED(t.db)).toEqual([...migrationNames()].sort());
    } finally {
      await t.close();
    }
  });
});

describe('migration names', () => {
  it('sort in the order of their sequence, as Kysely runs pending migrations by name', () => {
    expect([...migrationNames()].sort()).toEqual(migrationNames());
  });

  it('each carries a sequence number of its own, in the order they are listed', () => {
    const sequences = migrationNames().map(migrationSequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
  });

  it('orders a migration named with the day it is written after those named ahead of the calendar', () => {
    expect(migrationSequence('2026-11-29-018-companies')).toBeGreaterThan(
      migrationSequence('2026-12-05-017-insight-counters'),
    );
    expect(migrationSequence('019-withholding')).toBe(19);
    expect(() => migrationSequence('2026-11-29-companies')).toThrow(/no sequence number/);
  });
});
