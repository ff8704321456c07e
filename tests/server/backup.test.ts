// @vitest-environment node
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Sqlite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupEnv } from '#src/server/backup/backup-env.ts';
import { parseLocation } from '#src/server/backup/backup-location.ts';
import { MANIFEST_NAME, type Manifest } from '#src/server/backup/manifest.ts';
import { runBackup } from '#src/server/backup/run-backup.ts';
import { runRestore } from '#src/server/backup/run-restore.ts';
import { kill, killStartedServers, logIn, openTaskId, startServer } from './helpers/child-server';
import { type S3TestServer, startS3Server } from './helpers/s3-server';
import { samplePdf } from './helpers/sample-files';
import { dropValues, multipart, pdfFile } from './helpers/talent-fixtures';

// Backups of a real server (a child process from source, on a SQLite file under a temporary DATA_DIR)
// taken while it takes resume drops, restored into empty folders and compared with the source: every
// table, every row, every file. S3 targets go to a real S3-compatible server (s3rver).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUCKET = 'recruiter-backups';

const temporary: string[] = [];
const tempDir = (label: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `recruiter-backup-${label}-`));
  temporary.push(dir);
  return dir;
};

let s3rver: S3TestServer;
let s3Env: Record<string, string>;
beforeAll(async () => {
  s3rver = await startS3Server(BUCKET);
  s3Env = s3rver.env;
});

afterEach(async () => {
  await killStartedServers();
});

afterAll(async () => {
  await s3rver?.close();
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Resume drops one after another (each a new talent, referral and stored PDF of its own) until stopped. */
function keepDropping(base: string, token: string, taskId: number) {
  let running = true;
  let done = 0;
  let failure: unknown;
  const loop = (async () => {
    while (running) {
      const n = done + 1;
      const tag = randomBytes(4).toString('hex');
      const form = multipart(
        dropValues(taskId, { email: `load.${tag}@example.com`, phone: `012-${String(1_000_000 + n).slice(-7)}` }),
        pdfFile(samplePdf([`Load test resume ${tag}`, `Number ${n}`])),
      );
      const res = await fetch(`${base}/api/recruiter/talent/drop_resume`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (res.status !== 201) throw new Error(`a drop under load failed: ${res.status} ${await res.text()}`);
      done += 1;
    }
  })().catch((error) => {
    failure = error;
    running = false;
  });
  return {
    done: () => {
      if (failure) throw failure;
      return done;
    },
    stop: async () => {
      running = false;
      await loop;
      if (failure) throw failure;
    },
  };
}

const waitFor = async (check: () => boolean) => {
  const since = Date.now();
  while (!check()) {
    if (Date.now() - since > 60_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Every table's rows (migration bookkeeping included), read straight from the file, in one stable order
 *  (some tables are WITHOUT ROWID, so the rows are sorted as text). */
function allTables(file: string): Record<string, string[]> {
  const db = new Sqlite(file, { readonly: true, fileMustExist: true });
  try {
    const names = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    return Object.fromEntries(
      names.map((name) => [
        name,
        db
          .prepare(`select * from "${name}"`)
          .all()
          .map((row) => JSON.stringify(row))
          .sort(),
      ]),
    );
  } finally {
    db.close();
  }
}

/** Every finished file under a DATA_DIR's files folder: key -> bytes. */
function allFiles(dataDir: string): Map<string, Buffer> {
  const root = path.join(dataDir, 'files');
  const files = new Map<string, Buffer>();
  if (!existsSync(root)) return files;
  for (const name of readdirSync(root, { recursive: true }) as string[]) {
    const full = path.join(root, name);
    if (statSync(full).isFile() && !name.endsWith('.part'))
      files.set(name.split(path.sep).join('/'), readFileSync(full));
  }
  return files;
}

const restoreEnv = (dataDir: string, extra: Record<string, string> = {}) =>
  backupEnv({ APP_ENV: 'test', DATA_DIR: dataDir, MAIL_WORKER: 'false', ...extra });

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('npm run backup and npm run restore (SQLite)', () => {
  it('backs up a server under write load, and the restore holds a consistent snapshot of every table and file', async () => {
    const source = tempDir('source');
    const server = await startServer(source);
    const token = await logIn(server.base);
    const taskId = await openTaskId(server.base, token);
    const talentsIn = (file: string) => (allTables(file).talents ?? []).length;

    const load = keepDropping(server.base, token, taskId);
    await waitFor(() => load.done() >= 3);
    const talentsBefore = talentsIn(path.join(source, 'app.db'));
    const backups = tempDir('target');
    const { location, manifest } = await runBackup({
      env: restoreEnv(source),
      location: { kind: 'local', dir: backups },
    });
    const doneAtBackupEnd = load.done();
    await waitFor(() => load.done() >= doneAtBackupEnd + 2);
    await load.stop();
    const talentsAfter = talentsIn(path.join(source, 'app.db'));

    // The folder is named for the UTC instant, private, and holds no unfinished ".partial" folder.
    expect(path.basename(location)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    expect(readdirSync(backups)).toEqual([path.basename(location)]);
    expect(modeOf(location)).toBe(0o700);
    expect(modeOf(path.join(location, 'app.db'))).toBe(0o600);
    expect(manifest.database.schemaVersion).toMatch(/^\d{4}-\d\d-\d\d-\d{3}-/);
    expect(manifest.files).toEqual({ storage: 'local' });
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.app.version).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);

    const restored = path.join(tempDir('restored'), 'data');
    await runRestore({ env: restoreEnv(restored), from: { kind: 'local', dir: location } });
    const tables = allTables(path.join(restored, 'app.db'));
    // The snapshot is of one instant inside the load: between the talents seen before and after it.
    expect(tables.talents?.length).toBeGreaterThanOrEqual(talentsBefore);
    expect(tables.talents?.length).toBeLessThanOrEqual(talentsAfter);
    expect(talentsAfter).toBeGreaterThan(talentsBefore);
    // The manifest's counts are the restored rows.
    expect(Object.fromEntries(Object.entries(tables).map(([name, rows]) => [name, rows.length]))).toEqual(
      manifest.database.tables,
    );
    // Rows that never change after their insert are the source's, row for row.
    const sourceTables = allTables(path.join(source, 'app.db'));
    for (const name of ['files', 'kysely_migration']) {
      const rows = tables[name] ?? [];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(sourceTables[name]).toContain(row);
    }
    // Every file a restored row names is there, with the source's bytes, and so is every other copied file.
    const files = allFiles(restored);
    const sourceFiles = allFiles(source);
    for (const row of tables.files ?? []) expect(files.has(JSON.parse(row).storage_key)).toBe(true);
    for (const [key, bytes] of files) expect(bytes.equals(sourceFiles.get(key) as Buffer)).toBe(true);
    // The local secrets came along: tokens the source signed stay valid.
    expect(readFileSync(path.join(restored, 'jwt-secret'), 'utf8')).toBe(
      readFileSync(path.join(source, 'jwt-secret'), 'utf8'),
    );
    expect(modeOf(restored)).toBe(0o700);
    expect(modeOf(path.join(restored, 'app.db'))).toBe(0o600);
    expect(modeOf(path.join(restored, 'jwt-secret'))).toBe(0o600);
    expect(readdirSync(restored).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  }, 180_000);

  it('restores a backup of a stopped server exactly (every table, row and file), locally and through S3, and the restored server accepts the old tokens', async () => {
    const source = tempDir('source');
    let server = await startServer(source);
    const token = await logIn(server.base);
    const taskId = await openTaskId(server.base, token);
    const load = keepDropping(server.base, token, taskId);
    await waitFor(() => load.done() >= 3);
    await load.stop();
    await kill(server);
    const sourceTables = allTables(path.join(source, 'app.db'));
    const sourceFiles = allFiles(source);

    const local = await runBackup({ env: restoreEnv(source), location: { kind: 'local', dir: tempDir('target') } });
    const prefix = `nightly/${randomBytes(4).toString('hex')}`;
    const s3 = await runBackup({
      env: restoreEnv(source, s3Env),
      location: parseLocation(`s3://${BUCKET}/${prefix}`),
    });
    expect(s3.location).toMatch(new RegExp(`^s3://${BUCKET}/${prefix}/\\d{4}-`));
    expect(s3.manifest.entries.map((entry) => entry.path).sort()).toEqual(
      local.manifest.entries.map((entry) => entry.path).sort(),
    );

    for (const from of [local.location, s3.location]) {
      const restored = path.join(tempDir('restored'), 'data');
      await runRestore({ env: restoreEnv(restored, s3Env), from: parseLocation(from) });
      expect(allTables(path.join(restored, 'app.db'))).toEqual(sourceTables);
      expect(allFiles(restored)).toEqual(sourceFiles);
      expect(sourceFiles.size).toBeGreaterThan(3);
    }

    // A server on the restored data takes the token the source signed, and serves a restored resume.
    const restored = path.join(tempDir('restored'), 'data');
    await runRestore({ env: restoreEnv(restored), from: { kind: 'local', dir: local.location } });
    server = await startServer(restored);
    const res = await fetch(`${server.base}/api/recruiter/task?pageSize=10`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  }, 180_000);

  it('with S3 file storage, backs up the database alone and says the files stay in the bucket', async () => {
    const source = tempDir('source');
    const storageEnv = { ...s3Env, S3_BUCKET: BUCKET, S3_PREFIX: `files-${randomBytes(4).toString('hex')}` };
    const server = await startServer(source, storageEnv);
    await logIn(server.base);
    await kill(server);
    const { location, manifest } = await runBackup({
      env: restoreEnv(source, storageEnv),
      location: { kind: 'local', dir: tempDir('target') },
    });
    expect(manifest.files).toMatchObject({ storage: 's3', bucket: BUCKET, prefix: storageEnv.S3_PREFIX });
    expect(manifest.entries.filter((entry) => entry.path.startsWith('files/'))).toEqual([]);
    expect(manifest.database.tables.files).toBeGreaterThan(0);
    const restored = path.join(tempDir('restored'), 'data');
    await runRestore({ env: restoreEnv(restored, storageEnv), from: { kind: 'local', dir: location } });
    expect(allTables(path.join(restored, 'app.db'))).toEqual(allTables(path.join(source, 'app.db')));
  }, 120_000);
});

describe('restore refusals', () => {
  // One backup of a fresh server, shared by the refusals below.
  let backup: string;
  beforeAll(async () => {
    const source = tempDir('source');
    const server = await startServer(source);
    await kill(server);
    backup = (await runBackup({ env: restoreEnv(source), location: { kind: 'local', dir: tempDir('target') } }))
      .location;
  }, 120_000);

  it('refuses a DATA_DIR that is not empty, and leaves it as it was', async () => {
    const dataDir = tempDir('busy');
    writeFileSync(path.join(dataDir, 'app.db'), 'the live database');
    await expect(runRestore({ env: restoreEnv(dataDir), from: { kind: 'local', dir: backup } })).rejects.toThrow(
      /DATA_DIR .* is not empty/,
    );
    expect(readdirSync(dataDir)).toEqual(['app.db']);
    expect(readFileSync(path.join(dataDir, 'app.db'), 'utf8')).toBe('the live database');
  });

  it('refuses the DATA_DIR of a running server, which keeps answering', async () => {
    const dataDir = tempDir('live');
    const server = await startServer(dataDir);
    const before = readdirSync(dataDir).sort();
    await expect(runRestore({ env: restoreEnv(dataDir), from: { kind: 'local', dir: backup } })).rejects.toThrow(
      /is not empty: restore only into an empty folder, with the server stopped/,
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
  }, 120_000);

  it('refuses a backup with a file that does not match its checksum, and writes nothing', async () => {
    const damaged = path.join(tempDir('damaged'), 'backup');
    mkdirSync(damaged);
    for (const name of readdirSync(backup, { recursive: true }) as string[]) {
      const from = path.join(backup, name);
      if (statSync(from).isDirectory()) mkdirSync(path.join(damaged, name), { recursive: true });
      else writeFileSync(path.join(damaged, name), readFileSync(from));
    }
    const manifest = JSON.parse(readFileSync(path.join(damaged, MANIFEST_NAME), 'utf8')) as Manifest;
    const victim = manifest.entries.find((entry) => entry.path.startsWith('files/'));
    if (!victim) throw new Error('the backup holds no file');
    const bytes = readFileSync(path.join(damaged, victim.path));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(path.join(damaged, victim.path), bytes);

    const dataDir = path.join(tempDir('empty'), 'data');
    await expect(runRestore({ env: restoreEnv(dataDir), from: { kind: 'local', dir: damaged } })).rejects.toThrow(
      `${victim.path} does not match its checksum`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('refuses a manifest whose paths would leave DATA_DIR', async () => {
    const forged = path.join(tempDir('forged'), 'backup');
    mkdirSync(forged);
    const manifest = JSON.parse(readFileSync(path.join(backup, MANIFEST_NAME), 'utf8')) as Manifest;
    manifest.entries.push({ path: '../outside', size: 0, sha256: '0'.repeat(64) });
    writeFileSync(path.join(forged, MANIFEST_NAME), JSON.stringify(manifest));
    const dataDir = path.join(tempDir('empty'), 'data');
    await expect(runRestore({ env: restoreEnv(dataDir), from: { kind: 'local', dir: forged } })).rejects.toThrow(
      'names a path outside DATA_DIR',
    );
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses PostgreSQL for backup and restore alike, pointing at pg_dump', async () => {
    const env = restoreEnv(tempDir('pg'), { DATABASE_URL: 'postgres://recruiter@127.0.0.1:5432/recruiter' });
    await expect(runBackup({ env, location: { kind: 'local', dir: tempDir('target') } })).rejects.toThrow(/pg_dump/);
    await expect(runRestore({ env, from: { kind: 'local', dir: backup } })).rejects.toThrow(/pg_dump/);
  });
});
