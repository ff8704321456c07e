// @vitest-environment node
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runBackup } from '#src/server/backup/run-backup.ts';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest, migrateUpTo, migrationNames } from '#src/server/db/migrate.ts';
import { openPayout } from '#src/server/personal-data/sealed-details.ts';
import { newSealingKeyEntry, parseSealingKeys } from '#src/server/security/sealing.ts';
import { bearer, createTestApp } from './helpers/test-app';

// Issue 46: a payee's identity card number and a bank account number are sealed at rest: neither is in the
// SQLite database file, its WAL, nor a backup `npm run backup` takes (src/server/backup), byte for byte.

const IC = '900615145071';
const IC_TYPED = '900615-14-5071';
const ACCOUNT = '5140123456789';
const TRACES = [IC, IC_TYPED, ACCOUNT, 'Setiawangsa'];
const KEYS = newSealingKeyEntry('disk');
const SEALING_MIGRATION = '2026-12-05-021-sealed-payout-and-payee';
/** The last migration of the release before: the one listed before the sealing one. */
const BEFORE_SEALING = migrationNames()[migrationNames().indexOf(SEALING_MIGRATION) - 1] as string;

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'recruiter-sealed-'));
  folders.push(dir);
  return dir;
};

/** Which traces the files hold, byte for byte. */
function tracesIn(files: string[]): string[] {
  const contents = files.filter(existsSync).map((file) => readFileSync(file));
  return TRACES.filter((trace) => contents.some((bytes) => bytes.includes(Buffer.from(trace, 'utf8'))));
}
const everyFile = (dir: string): string[] =>
  readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => statSync(file).isFile());

describe('sealed details on the disk (SQLite)', () => {
  it("leaves a payee's identity card number and a bank account number in neither the database file, its WAL nor a backup", async () => {
    const dataDir = folder();
    const file = path.join(dataDir, 'app.db');
    // As in production: the keys come from the environment, never from DATA_DIR.
    const t = await createTestApp('sqlite', { DATA_DIR: dataDir, SEALING_KEYS: KEYS }, { sqliteFile: file });
    try {
      const me = await t.createUser({ email: 'aina@example.com' });
      const token = (await t.login(me.email)).accessToken;
      const payee = await t.request('/api/account/payee', {
        method: 'PUT',
        headers: bearer(token),
        json: {
          fullName: 'NUR AINA BINTI HASHIM',
          idType: 'MYKAD',
          idNumber: IC_TYPED,
          address: {
            line1: 'No. 12, Jalan Setiawangsa 9',
            postcode: '54200',
            city: 'Kuala Lumpur',
            state: 'KUALA_LUMPUR',
          },
        },
      });
      expect(payee.status, await payee.text()).toBe(200);
      const payout = await t.request('/api/account/payout', {
        method: 'PUT',
        headers: bearer(token),
        json: { bankName: 'Maybank', accountName: 'Nur Aina', accountNumber: ACCOUNT },
      });
      expect(payout.status, await payout.text()).toBe(200);

      // The file and its WAL as they are, then with the WAL written back into the file.
      expect(tracesIn([file, `${file}-wal`])).toEqual([]);
      new Sqlite(file).pragma('wal_checkpoint(truncate)');
      expect(tracesIn([file, `${file}-wal`])).toEqual([]);

      const backups = folder();
      const { location, manifest } = await runBackup({ env: t.env, location: { kind: 'local', dir: backups } });
      expect(manifest.database.tables.payees).toBe(1);
      const files = everyFile(location);
      expect(files.map((name) => path.basename(name))).toContain('app.db');
      // No key beside the values it seals: production's keys are in the environment.
      expect(files.map((name) => path.basename(name))).not.toContain('sealing-keys');
      expect(tracesIn(files)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('seals the bank details an older release stored as typed, and leaves no copy of them behind', async () => {
    const file = path.join(folder(), 'app.db');
    const db = connect({ sqliteFile: file });
    try {
      // A database as the release before issue 46 left it: bank details in three plain columns.
      await migrateUpTo(db, BEFORE_SEALING);
      const at = '2026-11-01T00:00:00.000Z';
      const user = (email: string, bank: [string, string, string] | null) =>
        new Sqlite(file)
          .prepare(
            `insert into users (email, password_hash, full_name, roles, status, need_to_change_password,
               remaining_ai_note_improvement, bank_name, bank_account_name, bank_account_number, locale, timezone,
               created_at, updated_at)
             values (?, 'x', 'Someone', '["ROLE_RECRUITER"]', 'ACTIVE', 0, 20, ?, ?, ?, 'en', 'Asia/Kuala_Lumpur', ?, ?)`,
          )
          .run(email, bank?.[0] ?? null, bank?.[1] ?? null, bank?.[2] ?? null, at, at);
      user('paid@example.com', ['Maybank', 'Nur Aina', ACCOUNT]);
      user('unpaid@example.com', null);
      new Sqlite(file).pragma('wal_checkpoint(truncate)');
      expect(tracesIn([file])).toEqual([ACCOUNT]);

      // This release's first start: without the keys it stops, saying why, before it changes anything;
      // with them it seals.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      await expect(migrateToLatest(db)).rejects.toThrow(/needs SEALING_KEYS: 1 account\(s\) hold bank details/);
      logged.mockRestore();
      const keys = parseSealingKeys(KEYS);
      await migrateToLatest(db, { sealingKeys: keys });
      expect(tracesIn([file, `${file}-wal`])).toEqual([]);
      const rows = await db.selectFrom('users').select(['id', 'email', 'payout_sealed']).orderBy('id').execute();
      expect(rows.map((row) => openPayout(keys, row.id, row.payout_sealed))).toEqual([
        { bankName: 'Maybank', accountName: 'Nur Aina', accountNumber: ACCOUNT },
        null,
      ]);

      // Rolled back (the release undone), the details open back into their columns, and sealed again after.
      await migrateUpTo(db, BEFORE_SEALING, { sealingKeys: keys });
      const plain = new Sqlite(file).prepare('select bank_account_number as n from users order by id').all();
      expect(plain).toEqual([{ n: ACCOUNT }, { n: null }]);
      await migrateToLatest(db, { sealingKeys: keys });
      expect(tracesIn([file, `${file}-wal`])).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
