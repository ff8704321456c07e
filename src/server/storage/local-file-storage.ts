import { randomUUID } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage, StoredObject } from './file-storage';

// Files under one folder (DATA_DIR/files). A file is written to a temporary name and renamed into
// place, so a crash never leaves a half-written file under a real key.
export function localFileStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const target = resolve(key);
      // Resumes and call proofs are personal data: folders 0700, files 0600, like the rest of DATA_DIR.
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomUUID()}.part`;
      try {
        await writeFile(temp, bytes, { mode: 0o600 });
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(resolve(key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    // Temporary `.part` files of writes that never finished are listed too: no row ever names them.
    async *list(prefix) {
      const walk = async function* (dir: string): AsyncGenerator<StoredObject> {
        let entries: Dirent[];
        try {
          entries = await readdir(dir, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile()) {
            const key = path.relative(root, full).split(path.sep).join('/');
            if (!key.startsWith(prefix)) continue;
            // Gone since the folder was read: a write's `.part` renamed into place, a file deleted. The
            // listing is of what is there, so it is left out (a backup under write load met one).
            const modifiedAt = await stat(full).then(
              (stats) => stats.mtime,
              (error: NodeJS.ErrnoException) => {
                if (error.code === 'ENOENT') return null;
                throw error;
              },
            );
            if (modifiedAt) yield { key, modifiedAt };
          }
        }
      };
      yield* walk(path.resolve(root, prefix.slice(0, prefix.lastIndexOf('/') + 1) || '.'));
    },
  };
}
