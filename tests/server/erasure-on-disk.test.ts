// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { snapshotSqlite } from '#src/server/backup/sqlite-snapshot.ts';
import { connect } from '#src/server/db/connect.ts';
import { migrateToLatest } from '#src/server/db/migrate.ts';
import { eraseTalent } from '#src/server/personal-data/erase-talent.ts';
import { createReferral } from './helpers/referral-fixtures';
import { insertTalent } from './helpers/rows';
import { recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp } from './helpers/test-app';

// Issue 43: an erased talent is gone from the database file, its WAL and a backup taken after, not only
// from every query (src/server/db/secure-delete.ts). The file's raw bytes are searched for what was held.

const admin = { actorId: null, actorKind: 'SYSTEM' as const, action: 'PERSON_ERASE' as const };
const person = {
  full_name: 'Zubaidah Qistina Binti Erasetest',
  email: 'zubaidah.erasetest@example.com',
  email_normalized: 'zubaidah.erasetest@example.com',
  phone: '137771234',
  phone_e164: '+60137771234',
};
const traces = ['Zubaidah Qistina', 'zubaidah.erasetest@example.com', '137771234'];

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const databaseFile = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'recruiter-erasure-'));
  folders.push(dir);
  return path.join(dir, 'app.db');
};

/** Which of the talent's traces the file (and its WAL) still hold, byte for byte. */
function tracesOnDisk(file: string): string[] {
  const bytes = [file, `${file}-wal`].filter(existsSync).map((part) => readFileSync(part));
  return traces.filter((trace) => bytes.some((content) => content.includes(Buffer.from(trace, 'utf8'))));
}

describe('an erased talent on the disk (SQLite)', () => {
  it('leaves no name, e-mail address or phone number in the database file, its WAL or a backup taken after', async () => {
    const file = databaseFile();
    const t = await createTestApp('sqlite', {}, { sqliteFile: file });
    try {
      const me = await recruiter(t, 'me@example.com');
      const referral = await createReferral(t, me.id, { talent: person });
      // The consent e-mail again (the first went 10 minutes ago): the name and address in the outbox too.
      t.clock.advance(11 * 60_000);
      const sent = await t.request('/api/recruiter/talent-task/resend-consent', {
        method: 'POST',
        json: { referralId: referral.id },
        headers: bearer(me.token),
      });
      expect(sent.status, await sent.text()).toBe(200);
      // Held before: in the file itself once checkpointed.
      new Sqlite(file).pragma('wal_checkpoint(truncate)');
      expect(tracesOnDisk(file)).toEqual(traces);

      expect(await eraseTalent(t.deps, referral.talentId, 'ERASE', admin)).toMatchObject({ outcome: 'DELETED' });
      expect(tracesOnDisk(file)).toEqual([]);

      const backup = path.join(path.dirname(file), 'backup.db');
      await snapshotSqlite(file, backup);
      expect(tracesOnDisk(backup)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('clears, at the first start, what a database deleted before secure delete was on', async () => {
    const file = databaseFile();
    const t = await createTestApp('sqlite', {}, { sqliteFile: file });
    const me = await recruiter(t, 'me@example.com');
    const talent = await insertTalent(t, me.id, person);
    await t.close();

    // An older build: no secure delete anywhere; the talent deleted leaves their bytes in the file.
    const old = new Sqlite(file);
    old.pragma('secure_delete = OFF');
    old.pragma('user_version = 0');
    old.prepare("insert into talents_search (talents_search, rank) values ('secure-delete', 0)").run();
    old.prepare('delete from talents where id = ?').run(talent.id);
    old.pragma('wal_checkpoint(truncate)');
    old.close();
    expect(tracesOnDisk(file)).toEqual(traces);

    // This build starts on it.
    const db = connect({ sqliteFile: file });
    try {
      await migrateToLatest(db);
      expect(tracesOnDisk(file)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
