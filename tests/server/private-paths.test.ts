// @vitest-environment node
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connect } from '#src/server/db/connect.ts';
import { makePrivateDirSync } from '#src/server/private-paths.ts';
import { localFileStorage } from '#src/server/storage/local-file-storage.ts';
import { tempDirs } from './helpers/temp-dirs';

// DATA_DIR holds the database, resumes, .eml files with links and the JWT secret (issue 22).
const modeOf = (target: string) => statSync(target).mode & 0o777;
const scratch = tempDirs('recruiter-private-');

describe('private data folder', () => {
  it('creates DATA_DIR 0700, and tightens one an older version left world-readable', () => {
    const fresh = path.join(scratch(), 'data');
    makePrivateDirSync(fresh);
    expect(modeOf(fresh)).toBe(0o700);

    const old = path.join(scratch(), 'old-data');
    mkdirSync(old, { mode: 0o755 });
    chmodSync(old, 0o755);
    makePrivateDirSync(old);
    expect(modeOf(old)).toBe(0o700);
  });

  it('keeps the SQLite database, its WAL and shared-memory files 0600', async () => {
    const dir = path.join(scratch(), 'data');
    const file = path.join(dir, 'app.db');
    const db = connect({ sqliteFile: file });
    await db.schema.createTable('probe').addColumn('id', 'integer').execute();
    await db
      .insertInto('probe' as never)
      .values({ id: 1 } as never)
      .execute();
    expect(modeOf(dir)).toBe(0o700);
    for (const name of readdirSync(dir)) expect([name, modeOf(path.join(dir, name))]).toEqual([name, 0o600]);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(['app.db', 'app.db-wal']));
    await db.destroy();
  });

  it('tightens a database file an older version created 0644', async () => {
    const dir = scratch();
    const file = path.join(dir, 'app.db');
    writeFileSync(file, '', { mode: 0o644 });
    chmodSync(file, 0o644);
    const db = connect({ sqliteFile: file });
    expect(modeOf(file)).toBe(0o600);
    await db.destroy();
  });

  it('stores uploaded files 0600 in 0700 folders', async () => {
    const root = path.join(scratch(), 'files');
    await localFileStorage(root).put('resumes/7/cv.pdf', new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(modeOf(path.join(root, 'resumes', '7'))).toBe(0o700);
    expect(modeOf(path.join(root, 'resumes', '7', 'cv.pdf'))).toBe(0o600);
  });
});
