import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { memo } from '#src/shared/memo.ts';

// Personal data of a new sensitivity (a recruiter's identity card and tax numbers, postal address and bank
// account: issue 46) is sealed before it is stored, with AES-256-GCM under a key the operator holds
// (SEALING_KEYS), which is never in the database nor in a backup of it (a pg_dump, `npm run backup`).
// - A sealed value names the key that sealed it, so keys rotate: the first key of SEALING_KEYS seals, every
//   key listed opens, and values under another key are sealed again with the first at start
//   (personal-data/reseal.ts).
// - Each value is bound to its place (`payout:17`: what it is and the user's id) as additional
//   authenticated data: a sealed value copied to another row does not open there.
// - A fresh 96-bit random nonce per value; GCM's tag (128 bits) makes a changed value fail to open.

export type SealingKeys = { readonly currentId: string; readonly keys: ReadonlyMap<string, Buffer> };

/** `s1.<key id>.<nonce>.<ciphertext and tag>`, the last two base64url. */
const FORMAT = 's1';
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: its key is not in SEALING_KEYS, or it was changed. */
export class SealedValueUnreadable extends Error {
  constructor(reason: string) {
    super(`A sealed value cannot be opened: ${reason}`);
    this.name = 'SealedValueUnreadable';
  }
}

/**
 * SEALING_KEYS: `id:key` entries separated by commas or spaces, the first sealing. A key is 32 bytes, in
 * base64 (standard or url-safe, 43–44 characters) or hex (64 characters). The error never quotes a key.
 */
export function parseSealingKeys(text: string): SealingKeys {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 0) throw new Error('must list at least one key as id:key');
  const keys = new Map<string, Buffer>();
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = colon > 0 ? entry.slice(0, colon) : '';
    const material = colon > 0 ? entry.slice(colon + 1) : '';
    const where = `entry ${index + 1}`;
    if (!KEY_ID.test(id)) throw new Error(`${where} must be id:key, the id 1-32 letters, digits, - or _`);
    if (keys.has(id)) throw new Error(`the key id ${id} is listed twice`);
    const key = decodeKey(material);
    if (!key) throw new Error(`the key ${id} must be 32 bytes in base64 or hex (openssl rand -base64 32)`);
    keys.set(id, key);
  }
  return { currentId: entries[0]?.split(':')[0] as string, keys };
}

function decodeKey(material: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(material)) return Buffer.from(material, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(material)) return null;
  const key = Buffer.from(material.replace(/\+/g, '-').replace(/\//g, '_').replace(/=$/, ''), 'base64url');
  return key.length === KEY_BYTES ? key : null;
}

/** A new key entry for SEALING_KEYS (the local development key, and the docs' example). */
export const newSealingKeyEntry = (id: string) => `${id}:${randomBytes(KEY_BYTES).toString('base64')}`;

const parsed = new Map<string, SealingKeys>();
/** The keys of an environment, parsed once per value. */
export const sealingKeysOf = (env: { SEALING_KEYS: string }): SealingKeys =>
  memo(parsed, env.SEALING_KEYS, () => parseSealingKeys(env.SEALING_KEYS));

/** Seals `plain` for `place` (`payout:17`) under the current key. */
export function seal(keys: SealingKeys, place: string, plain: string): string {
  const key = keys.keys.get(keys.currentId) as Buffer;
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(place, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [FORMAT, keys.currentId, nonce.toString('base64url'), body.toString('base64url')].join('.');
}

/** The id of the key a value was sealed with (null when it is not a sealed value). */
export function sealedKeyId(sealed: string): string | null {
  const [format, id] = sealed.split('.');
  return format === FORMAT && id !== undefined && KEY_ID.test(id) ? id : null;
}

/** Opens a value sealed for `place`; throws SealedValueUnreadable when it cannot. */
export function unseal(keys: SealingKeys, place: string, sealed: string): string {
  const [format, id = '', nonceText = '', bodyText = '', ...rest] = sealed.split('.');
  if (format !== FORMAT || rest.length > 0) throw new SealedValueUnreadable('not a sealed value');
  const key = keys.keys.get(id);
  if (!key) throw new SealedValueUnreadable(`it was sealed with the key ${id}, which SEALING_KEYS does not list`);
  const nonce = Buffer.from(nonceText, 'base64url');
  const body = Buffer.from(bodyText, 'base64url');
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SealedValueUnreadable('not a sealed value');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(place, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new SealedValueUnreadable(`it does not open with the key ${id} for ${place.split(':')[0]}`);
  }
}

/** JSON in and out of a seal. */
export const sealJson = (keys: SealingKeys, place: string, value: unknown) => seal(keys, place, JSON.stringify(value));
export const unsealJson = <T>(keys: SealingKeys, place: string, sealed: string): T =>
  JSON.parse(unseal(keys, place, sealed)) as T;
