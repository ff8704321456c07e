import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { name as APP_NAME, version as APP_VERSION } from '#package.json';
import type { Env } from '#src/server/env.ts';
import { makePrivateDir } from '#src/server/private-paths.ts';
import { localFileStorage } from '#src/server/storage/local-file-storage.ts';
import { type BackupLocation, describeLocation, s3BackupFolder } from './backup-location';
import { DATABASE_FILE, entryOf, MANIFEST_NAME, type Manifest, type ManifestEntry } from './manifest';
import { hashFile, writePrivateFile } from './private-write';
import { checkIntegrity, snapshotFacts, snapshotSqlite } from './sqlite-snapshot';

/** Secrets the server keeps in DATA_DIR when the environment has none: without them, restored sessions and
 *  push subscriptions would stop working, and sealed details would not open (env.ts, notifications/vapid.ts).
 *  Production takes SEALING_KEYS from the environment (env.ts refuses to start without), so a production
 *  backup never holds the key beside the values it seals. */
export const LOCAL_SECRETS = ['jwt-secret', 'vapid-keys.json', 'sealing-keys'];

export const POSTGRES_REFUSAL =
  'DATABASE_URL points at PostgreSQL: back it up with pg_dump (or continuous archiving / point-in-time recovery), not with this command. See docs/operating.md, "Backups".';

/** "2026-11-27T16-30-05-123Z": a UTC instant that sorts, and is a valid folder or key name everywhere. */
export const backupName = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

export type BackupResult = { location: string; manifest: Manifest };

/**
 * Writes one backup of a running (or stopped) single-server install: a consistent snapshot of the SQLite
 * database, the uploaded files when they are on local disk, and the local secrets, with a manifest. The
 * snapshot is taken first: an upload stores its file before it commits its row (uploads/read-upload.ts),
 * so every file a snapshot row names is already on disk when the files are copied after it.
 */
export async function runBackup(options: {
  env: Env;
  location: BackupLocation;
  now?: () => Date;
  log?: (line: string) => void;
}): Promise<BackupResult> {
  const { env, location } = options;
  const log = options.log ?? (() => {});
  if (env.DATABASE_URL) throw new Error(POSTGRES_REFUSAL);
  const source = path.join(env.DATA_DIR, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`There is no database at ${source}: check DATA_DIR.`);

  const name = backupName((options.now ?? (() => new Date()))());
  // A local backup is assembled under a ".partial" name and renamed when complete, so a folder with the
  // final name is always a whole backup; an S3 one is assembled in a temporary folder and its manifest
  // uploaded last, so a prefix without manifest.json is an unfinished upload.
  let work: string;
  if (location.kind === 'local') {
    await makePrivateDir(location.dir);
    work = path.join(location.dir, `${name}.partial`);
    await makePrivateDir(work);
  } else {
    work = await mkdtemp(path.join(tmpdir(), 'recruiter-backup-'));
  }
  try {
    const entries: ManifestEntry[] = [];
    log(`snapshotting ${source}`);
    await snapshotSqlite(source, path.join(work, DATABASE_FILE));
    checkIntegrity(path.join(work, DATABASE_FILE));
    const facts = snapshotFacts(path.join(work, DATABASE_FILE));
    entries.push({ path: DATABASE_FILE, ...(await hashFile(path.join(work, DATABASE_FILE))) });

    let files: Manifest['files'] = { storage: 'local' };
    let missingFiles: string[] = [];
    if (env.S3_BUCKET) {
      files = {
        storage: 's3',
        bucket: env.S3_BUCKET,
        prefix: env.S3_PREFIX ?? '',
        note: 'The uploaded files stay in this bucket and are not in the backup: keep the bucket versioned so files deleted or overwritten after this backup can be recovered.',
      };
    } else {
      const copied = await copyLocalFiles(env.DATA_DIR, work, entries);
      missingFiles = facts.storageKeys.filter((key) => !copied.has(key));
      if (missingFiles.length > 0)
        log(`warning: ${missingFiles.length} file(s) named by the snapshot were deleted before they could be copied`);
    }
    for (const secret of LOCAL_SECRETS) {
      const file = path.join(env.DATA_DIR, secret);
      if (!existsSync(file)) continue;
      const bytes = await readFile(file);
      await writePrivateFile(path.join(work, secret), bytes);
      entries.push(entryOf(secret, bytes));
    }

    const manifest: Manifest = {
      format: 1,
      app: { name: APP_NAME, version: APP_VERSION },
      createdAt: new Date().toISOString(),
      database: { kind: 'sqlite', schemaVersion: facts.schemaVersion, tables: facts.tables },
      files,
      missingFiles,
      entries,
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;

    if (location.kind === 'local') {
      await writePrivateFile(path.join(work, MANIFEST_NAME), new TextEncoder().encode(manifestText));
      const final = path.join(location.dir, name);
      await rename(work, final);
      return { location: final, manifest };
    }
    const prefix = location.prefix ? `${location.prefix}/${name}` : name;
    const folder = s3BackupFolder(env, location.bucket, prefix);
    for (const entry of entries) {
      log(`uploading ${entry.path}`);
      await folder.put(entry.path, await readFile(path.join(work, entry.path)), 'application/octet-stream');
    }
    await folder.put(MANIFEST_NAME, new TextEncoder().encode(manifestText), 'application/json');
    return { location: describeLocation({ kind: 's3', bucket: location.bucket, prefix }), manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Copies every finished file under DATA_DIR/files (not the `.part` of a write in progress). */
async function copyLocalFiles(dataDir: string, work: string, entries: ManifestEntry[]): Promise<Set<string>> {
  const storage = localFileStorage(path.join(dataDir, 'files'));
  const copied = new Set<string>();
  for await (const object of storage.list('')) {
    if (object.key.endsWith('.part')) continue;
    // Deleted since it was listed (a talent erased meanwhile): the snapshot check above reports it if needed.
    const bytes = await storage.get(object.key);
    if (!bytes) continue;
    const relative = `files/${object.key}`;
    await writePrivateFile(path.join(work, relative), bytes);
    entries.push(entryOf(relative, bytes));
    copied.add(object.key);
  }
  return copied;
}
