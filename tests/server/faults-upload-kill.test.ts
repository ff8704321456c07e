// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connect } from '#src/server/db/connect.ts';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '#src/server/jobs/maintenance.ts';
import { s3FileStorage } from '#src/server/storage/s3-file-storage.ts';
import { kill, killStartedServers, logIn, openTaskId, resumeDrop, startServer } from './helpers/child-server';
import { startS3Server } from './helpers/s3-server';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// The server killed (SIGKILL: no shutdown code runs) during a resume drop, then started again on the
// same data: no talent, referral or `files` row is left for the upload, and no stored file that no
// row points to (an orphan). The real server runs as a child process from source, as the bench runs it.

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  await killStartedServers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

/** Every stored file under DATA_DIR/files, as storage keys ("resume/2026-11/….pdf"). */
function storedKeys(dataDir: string): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((name) => statSync(path.join(root, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

type Rows = { talents: number; referrals: number; files: number; keys: string[]; emails: string[] };

describe('the server killed in the middle of a resume drop', () => {
  it('on SQLite, mid-body: leaves no row and no file for it, and takes the same drop after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const rows = (): Rows => {
      const db = new Sqlite(path.join(dataDir, 'app.db'), { readonly: true });
      try {
        const count = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
        return {
          talents: count('talents'),
          referrals: count('referrals'),
          files: count('files'),
          keys: (db.prepare('select storage_key from files').all() as { storage_key: string }[])
            .map((r) => r.storage_key)
            .sort(),
          emails: (db.prepare('select email from talents').all() as { email: string }[]).map((r) => r.email),
        };
      } finally {
        db.close();
      }
    };

    let server = await startServer(dataDir);
    const token = await logIn(server.base);
    const taskId = await openTaskId(server.base, token);
    const before = rows();
    const keysBefore = storedKeys(dataDir);
    const email = `killed.${randomBytes(3).toString('hex')}@example.com`;
    const drop = await resumeDrop(taskId, email);

    // Half the body goes out, slowly; then the process dies without any chance to clean up.
    const { port } = new URL(server.base);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/recruiter/talent/drop_resume',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': drop.contentType,
        'content-length': drop.body.length,
      },
    });
    const failed = new Promise<Error>((resolve) => req.on('error', resolve));
    req.on('response', (res) => res.resume());
    const chunk = 64 * 1024;
    for (let sent = 0; sent < drop.body.length / 2; sent += chunk) {
      req.write(drop.body.subarray(sent, sent + chunk));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await kill(server);
    expect((await failed).message).toMatch(/socket hang up|ECONNRESET|EPIPE/);

    server = await startServer(dataDir);
    const after = rows();
    expect(after).toEqual(before);
    expect(after.emails).not.toContain(email);
    expect(storedKeys(dataDir)).toEqual(keysBefore);
    expect(storedKeys(dataDir).filter((key) => !after.keys.includes(key))).toEqual([]);

    // The restarted server takes the very same drop: one talent, one file, both on disk and in the database.
    const again = await fetch(`${server.base}/api/recruiter/talent/drop_resume`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await logIn(server.base)}`, 'content-type': drop.contentType },
      body: drop.body,
    });
    expect(again.status).toBe(201);
    const done = rows();
    expect(done.talents).toBe(before.talents + 1);
    expect(done.files).toBe(before.files + 1);
    expect(done.emails).toContain(email);
    expect(storedKeys(dataDir).filter((key) => !done.keys.includes(key))).toEqual([]);
    await kill(server);
  }, 120_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, between the stored file and its row: the restarted server sweeps the orphan once it is old enough',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'recruiter-kill-pg-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const base = process.env.TEST_DATABASE_URL as string;
      const schema = `t_${randomBytes(6).toString('hex')}`;
      const admin = connect({ databaseUrl: base });
      await sql`create schema ${sql.id(schema)}`.execute(admin);
      cleanups.push(async () => {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
        await admin.destroy();
      });
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const databaseUrl = url.toString();
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      cleanups.push(() => db.end());
      const rows = async (): Promise<Rows> => {
        const count = async (table: string) => Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
        return {
          talents: await count('talents'),
          referrals: await count('referrals'),
          files: await count('files'),
          keys: (await db.query('select storage_key from files order by storage_key')).rows.map((r) => r.storage_key),
          emails: (await db.query('select email from talents')).rows.map((r) => r.email),
        };
      };

      let server = await startServer(dataDir, { DATABASE_URL: databaseUrl });
      const token = await logIn(server.base);
      const taskId = await openTaskId(server.base, token);
      const before = await rows();
      const keysBefore = storedKeys(dataDir);
      const email = `window.${randomBytes(3).toString('hex')}@example.com`;
      const drop = await resumeDrop(taskId, email);

      // Inserts into `files` wait while this transaction holds the table: the upload stores its file
      // and then stops at its insert, which is exactly the window to kill it in.
      await db.query('begin');
      await db.query('lock table files in share row exclusive mode');
      const answer = fetch(`${server.base}/api/recruiter/talent/drop_resume`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': drop.contentType },
        body: drop.body,
      }).catch((error: Error) => error);
      let orphan = '';
      await vi.waitFor(
        () => {
          orphan = storedKeys(dataDir).find((key) => !keysBefore.includes(key) && !key.endsWith('.part')) ?? '';
          expect(orphan).not.toBe('');
        },
        { timeout: 20_000, interval: 10 },
      );
      await kill(server);
      expect(await answer).toBeInstanceOf(Error);
      await db.query('rollback');

      // The file is there and no row points to it: the orphan the kill left.
      expect((await rows()).keys).not.toContain(orphan);
      expect(storedKeys(dataDir)).toContain(orphan);

      // Within the grace period the restarted server leaves it alone (an upload may still be committing)…
      server = await startServer(dataDir, { DATABASE_URL: databaseUrl });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(storedKeys(dataDir)).toContain(orphan);
      await kill(server);

      // …and once it is older than that, the sweep at start deletes it.
      const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
      utimesSync(path.join(dataDir, 'files', orphan), old, old);
      server = await startServer(dataDir, { DATABASE_URL: databaseUrl });
      await vi.waitFor(() => expect(storedKeys(dataDir)).not.toContain(orphan), { timeout: 10_000, interval: 50 });
      const after = await rows();
      expect(after).toEqual(before);
      expect(after.emails).not.toContain(email);
      expect(storedKeys(dataDir)).toEqual(keysBefore);
      await kill(server);
    },
    120_000,
  );
});

describe.each(DIALECTS)('the orphan sweep on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('deletes only upload files older than the grace period that no row points to', async () => {
    t = await createTestApp(dialect);
    const owner = await t.createUser();
    const root = path.join(t.env.DATA_DIR, 'files');
    const now = t.clock.now().getTime();
    const put = async (key: string, ageMs: number) => {
      await t.deps.storage.put(key, new Uint8Array([1, 2, 3]), 'application/pdf');
      const at = new Date(now - ageMs);
      utimesSync(path.join(root, key), at, at);
    };
    const HOUR = 3_600_000;
    await put('resume/2026-11/old-orphan.pdf', ORPHAN_GRACE_MS + HOUR);
    await put('call-proof/2026-11/old-orphan.png', 3 * 24 * HOUR);
    await put('resume/2026-11/half-written.pdf.0a1b.part', ORPHAN_GRACE_MS + HOUR);
    await put('resume/2026-11/uploading.pdf', ORPHAN_GRACE_MS - 5 * 60_000);
    await put('resume/2026-11/kept.pdf', 30 * 24 * HOUR);
    await put('demo/resume-old.pdf', 30 * 24 * HOUR);
    await t.db
      .insertInto('files')
      .values({
        owner_id: owner.id,
        purpose: 'RESUME',
        original_name: 'kept.pdf',
        mime_type: 'application/pdf',
        size: 3,
        sha256: 'x'.repeat(64),
        storage_key: 'resume/2026-11/kept.pdf',
        created_at: new Date(now).toISOString(),
      })
      .execute();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const swept = await sweepOrphanFiles(t.deps);

    expect(swept.sort()).toEqual([
      'call-proof/2026-11/old-orphan.png',
      'resume/2026-11/half-written.pdf.0a1b.part',
      'resume/2026-11/old-orphan.pdf',
    ]);
    expect(storedKeys(t.env.DATA_DIR)).toEqual([
      'demo/resume-old.pdf',
      'resume/2026-11/kept.pdf',
      'resume/2026-11/uploading.pdf',
    ]);
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({ area: 'maintenance', files: 3 });
    expect(await sweepOrphanFiles(t.deps)).toEqual([]);
  });
});

describe('the orphan sweep on S3-compatible storage', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('lists the upload folders under its prefix and deletes only what no row points to', async () => {
    const s3rver = await startS3Server('files');
    cleanups.push(() => s3rver.close());
    const { settings } = s3rver;
    const storage = s3FileStorage({ ...settings, prefix: 'staging' });
    const otherEnvironment = s3FileStorage({ ...settings, prefix: 'production' });
    t = await createTestApp('sqlite');
    const owner = await t.createUser();
    const bytes = new Uint8Array([1, 2, 3]);
    for (let i = 0; i < 3; i += 1) await storage.put(`resume/2026-11/orphan-${i}.pdf`, bytes, 'application/pdf');
    await storage.put('resume/2026-11/kept.pdf', bytes, 'application/pdf');
    await storage.put('demo/resume-a.pdf', bytes, 'application/pdf');
    await otherEnvironment.put('resume/2026-11/orphan-0.pdf', bytes, 'application/pdf');
    await t.db
      .insertInto('files')
      .values({
        owner_id: owner.id,
        purpose: 'RESUME',
        original_name: 'kept.pdf',
        mime_type: 'application/pdf',
        size: 3,
        sha256: 'x'.repeat(64),
        storage_key: 'resume/2026-11/kept.pdf',
        created_at: new Date().toISOString(),
      })
      .execute();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deps = { ...t.deps, storage };

    // Just written: within the grace period, nothing goes.
    expect(await sweepOrphanFiles({ ...deps, now: () => new Date() })).toEqual([]);
    const later = () => new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect((await sweepOrphanFiles({ ...deps, now: later })).sort()).toEqual([
      'resume/2026-11/orphan-0.pdf',
      'resume/2026-11/orphan-1.pdf',
      'resume/2026-11/orphan-2.pdf',
    ]);
    const left = async (from: typeof storage, folder: string) => {
      const keys: string[] = [];
      for await (const object of from.list(folder)) keys.push(object.key);
      return keys.sort();
    };
    expect(await left(storage, '')).toEqual(['demo/resume-a.pdf', 'resume/2026-11/kept.pdf']);
    expect(await left(otherEnvironment, 'resume/')).toEqual(['resume/2026-11/orphan-0.pdf']);
  });
});
