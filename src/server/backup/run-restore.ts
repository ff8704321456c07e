import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, unlinkSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '#src/server/env.ts';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '#src/server/private-paths.ts';
import { type BackupLocation, s3BackupFolder } from './backup-location';
import { DATABASE_FILE, MANIFEST_NAME, type Manifest, parseManifest } from './manifest';
import { hashFile, writePrivateFile } from './private-write';
import { POSTGRES_REFUSAL } from './run-backup';
import { checkIntegrity, snapshotFacts } from './sqlite-snapshot';

export class RestoreRefused extends Error {}

/**
 * Brings a backup (a local folder or an S3 prefix) into an empty DATA_DIR. Everything is first written
 * under a temporary folder inside DATA_DIR and checked there: every entry's size and sha256 against the
 * manifest, PRAGMA integrity_check, the schema version and every table's row count. Only then is it moved
 * to its real name, the database last-but-never-over an existing one. A failure leaves DATA_DIR as it was.
 */
export async function runRestore(options: {
  env: Env;
  from: BackupLocation;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const { env, from } = options;
  const log = options.log ?? (() => {});
  if (env.DATABASE_URL) throw new RestoreRefused(POSTGRES_REFUSAL);
  const dataDir = env.DATA_DIR;
  // A server using this DATA_DIR has its app.db there, so "empty" also means "no server holds it".
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0)
    throw new RestoreRefused(
      `DATA_DIR (${dataDir}) is not empty: restore only into an empty folder, with the server stopped. Move the current data aside first.`,
    );

  const source = openSource(env, from);
  const manifest = parseManifest(new TextDecoder().decode(await source.read(MANIFEST_NAME)));
  await makePrivateDir(dataDir);
  const staging = path.join(dataDir, `.restore-${randomUUID()}`);
  await mkdir(staging, { mode: PRIVATE_DIR_MODE });
  try {
    for (const entry of manifest.entries) {
      log(`checking ${entry.path}`);
      const target = path.join(staging, entry.path);
      await source.copyTo(entry.path, target);
      const actual = await hashFile(target);
      if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
        throw new RestoreRefused(
          `${entry.path} does not match its checksum in ${MANIFEST_NAME}: the backup is damaged; nothing was restored.`,
        );
    }
    const database = path.join(staging, DATABASE_FILE);
    checkIntegrity(database);
    const facts = snapshotFacts(database);
    if (facts.schemaVersion !== manifest.database.schemaVersion)
      throw new RestoreRefused(
        `the database's schema version (${facts.schemaVersion}) is not the manifest's (${manifest.database.schemaVersion})`,
      );
    for (const [table, count] of Object.entries(manifest.database.tables))
      if (facts.tables[table] !== count)
        throw new RestoreRefused(`table ${table} has ${facts.tables[table]} rows, the manifest says ${count}`);

    await moveIntoPlace(staging, dataDir);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Moves the checked entries to their names; the database is linked, which fails rather than replace a
 *  database a server created meanwhile. */
async function moveIntoPlace(staging: string, dataDir: string): Promise<void> {
  const stagingName = path.basename(staging);
  const others = (await readdir(dataDir)).filter((name) => name !== stagingName);
  if (others.length > 0)
    throw new RestoreRefused(
      `DATA_DIR (${dataDir}) changed during the restore (${others.join(', ')}): is a server running?`,
    );
  for (const name of await readdir(staging)) {
    if (name === DATABASE_FILE) continue;
    await rename(path.join(staging, name), path.join(dataDir, name));
  }
  try {
    linkSync(path.join(staging, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new RestoreRefused(`a database appeared in DATA_DIR (${dataDir}) during the restore: is a server running?`);
    throw error;
  }
  unlinkSync(path.join(staging, DATABASE_FILE));
}

type Source = { read(relative: string): Promise<Uint8Array>; copyTo(relative: string, target: string): Promise<void> };

function openSource(env: Env, from: BackupLocation): Source {
  if (from.kind === 'local') {
    const resolve = (relative: string) => path.join(from.dir, ...relative.split('/'));
    return {
      async read(relative) {
        try {
          return new Uint8Array(await readFile(resolve(relative)));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw new RestoreRefused(`${resolve(relative)} is missing: is ${from.dir} a whole backup?`);
          throw error;
        }
      },
      async copyTo(relative, target) {
        await writePrivateFile(target, new Uint8Array());
        // copyFile gives the copy the source's mode: a backup copied around may have lost its 0600.
        await copyFile(resolve(relative), target);
        await chmod(target, PRIVATE_FILE_MODE);
      },
    };
  }
  const folder = s3BackupFolder(env, from.bucket, from.prefix);
  const read = async (relative: string) => {
    const bytes = await folder.get(relative);
    if (!bytes) throw new RestoreRefused(`s3://${from.bucket}/${from.prefix}/${relative} is missing`);
    return bytes;
  };
  return { read, copyTo: async (relative, target) => writePrivateFile(target, await read(relative)) };
}
