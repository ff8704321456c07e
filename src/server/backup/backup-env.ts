import { type Env, readEnv } from '#src/server/env.ts';
import { newSealingKeyEntry } from '#src/server/security/sealing.ts';

/**
 * The server's environment for `npm run backup` / `npm run restore`, validated as the server does, with
 * one difference: without JWT_SECRET or SEALING_KEYS, readEnv would create DATA_DIR/jwt-secret or
 * DATA_DIR/sealing-keys, and a restore needs DATA_DIR empty (the backup brings the local ones back). These
 * commands never sign a token and never seal or open a value: a throw-away key stands in.
 */
export function backupEnv(source: Record<string, string | undefined> = process.env): Env {
  return readEnv({
    ...source,
    JWT_SECRET: source.JWT_SECRET || 'backup-commands-sign-no-tokens-'.padEnd(48, 'x'),
    SEALING_KEYS: source.SEALING_KEYS || newSealingKeyEntry('backup-commands-seal-nothing'),
  });
}
