import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateAllDown, migrateToLatest, migrationNames, migrationSequence } from '#src/server/db/migrate.ts';
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

describe('migration names', () => {
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
