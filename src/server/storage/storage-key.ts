import { randomUUID } from 'node:crypto';

// A server-generated key: the purpose, the month (keeps folders small) and a random id, plus the
// extension of the detected type (never the uploaded name, which is kept only as a display name).
export function newStorageKey(purpose: 'resume' | 'call-proof', extension: string, now: Date): string {
  const month = now.toISOString().slice(0, 7);
  const ext = extension.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'bin';
  return `${purpose}/${month}/${randomUUID()}.${ext}`;
}
