import { createHash } from 'node:crypto';

// What a backup holds and how to check it: every entry's path (relative to DATA_DIR), size and sha256,
// the database's schema version (the last migration that ran) and its tables' row counts. restore.ts
// checks all of it before anything lands in DATA_DIR.
export const MANIFEST_NAME = 'manifest.json';
export const MANIFEST_FORMAT = 1;
/** The database's file name inside DATA_DIR (src/server/index.ts opens DATA_DIR/app.db). */
export const DATABASE_FILE = 'app.db';

export type ManifestEntry = { path: string; size: number; sha256: string };

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  app: { name: string; version: string };
  createdAt: string;
  database: { kind: 'sqlite'; schemaVersion: string | null; tables: Record<string, number> };
  /** local: the uploaded files are in this backup; s3: they stay in the bucket (turn on its versioning). */
  files: { storage: 'local' } | { storage: 's3'; bucket: string; prefix: string; note: string };
  /** Storage keys a `files` row of the snapshot names but that were gone when the files were copied. */
  missingFiles: string[];
  entries: ManifestEntry[];
};

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export const entryOf = (relativePath: string, bytes: Uint8Array): ManifestEntry => ({
  path: relativePath,
  size: bytes.byteLength,
  sha256: sha256(bytes),
});

/** Parses a manifest and refuses one this version cannot restore, or whose paths would leave DATA_DIR. */
export function parseManifest(text: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    throw new Error(`${MANIFEST_NAME} is not valid JSON`);
  }
  if (manifest?.format !== MANIFEST_FORMAT || !Array.isArray(manifest.entries))
    throw new Error(`${MANIFEST_NAME} has an unknown format (expected format ${MANIFEST_FORMAT})`);
  for (const entry of manifest.entries) {
    const parts = String(entry.path).split('/');
    if (!entry.path || entry.path.startsWith('/') || parts.some((part) => part === '..' || part === '' || part === '.'))
      throw new Error(`${MANIFEST_NAME} names a path outside DATA_DIR: ${JSON.stringify(entry.path)}`);
    if (!/^[0-9a-f]{64}$/.test(entry.sha256) || !Number.isInteger(entry.size))
      throw new Error(`${MANIFEST_NAME} has a bad entry for ${entry.path}`);
  }
  if (!manifest.entries.some((entry) => entry.path === DATABASE_FILE))
    throw new Error(`${MANIFEST_NAME} lists no ${DATABASE_FILE}`);
  return manifest;
}
