import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { chmod, mkdir, stat } from 'node:fs/promises';
import { logger } from '#src/server/observability/logger.ts';

// DATA_DIR holds the database, uploaded resumes, .eml files with reset and consent links, and the local
// JWT secret: nobody but the server's own user may read it (issue 22). Folders are 0700, files 0600.
// An older install's folder is tightened too; one we may not chmod (a volume owned by someone else)
// is left as it is with a warning rather than stopping the server.
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

export function makePrivateDirSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (((await stat(dir)).mode & 0o777) !== PRIVATE_DIR_MODE)
    await chmod(dir, PRIVATE_DIR_MODE).catch((error: Error) => warn(dir, error));
}

/** Creates the file empty when missing (an empty file is a valid new SQLite database), then makes it 0600. */
export function makePrivateFileSync(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

function tighten(target: string, mode: number): void {
  if ((statSync(target).mode & 0o777) === mode) return;
  try {
    chmodSync(target, mode);
  } catch (error) {
    warn(target, error as Error);
  }
}

function warn(target: string, error: Error): void {
  logger.warn(
    { area: 'data', path: target, code: (error as NodeJS.ErrnoException).code ?? error.message },
    'could not make private',
  );
}
