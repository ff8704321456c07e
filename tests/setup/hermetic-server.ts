import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PUSH_CERT_FILE } from './push-service';

// The environment of a server the browser suites start (the e2e server, each engine's): the hermetic guard
// loaded first (its refusals written to `logFile`), and Web Push sent only to the local push service,
// whose certificate it trusts. Not the machine's CA list: nothing outside is to be trusted, or reached.
export function hermeticServerEnv(pushHost: string, logFile: string): Record<string, string> {
  const guard = new URL('./hermetic-guard.mjs', import.meta.url).href;
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${guard}`.trim(),
    HERMETIC_LOG: logFile,
    PUSH_ENDPOINT_HOSTS: pushHost,
    NODE_EXTRA_CA_CERTS: fileURLToPath(PUSH_CERT_FILE),
  };
}

/** What a server's guard refused, one line each (none when the file was never written). */
export function outsideReaches(logFile: string): string[] {
  return existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
}
