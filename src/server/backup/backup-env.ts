import { type Env, readEnv } from '#src/server/env.ts';

/**
 * The server's environment for `npm run backup` / `npm run restore`, validated as the server does, with
 * one difference: without JWT_SECRET, readEnv would create DATA_DIR/jwt-secret, and a restore needs
 * DATA_DIR empty (the backup brings the real secret back). These commands never sign a token.
 */
export function backupEnv(source: Record<string, string | undefined> = process.env): Env {
  return readEnv({ ...source, JWT_SECRET: source.JWT_SECRET || 'backup-commands-sign-no-tokens-'.padEnd(48, 'x') });
}
