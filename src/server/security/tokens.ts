import { createHash, randomBytes } from 'node:crypto';

// Opaque tokens (refresh, consent, ITA, password reset): 32 random bytes, only their SHA-256 is stored.
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
