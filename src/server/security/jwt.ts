import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '#src/shared/constants.ts';

export type AccessClaims = { sub: string; sid: number; roles: string[] };

// One imported HMAC key per secret: importing it again on every verify cost ~60 µs a request (bench).
const keys = new Map<string, Promise<CryptoKey>>();
const key = (secret: string): Promise<CryptoKey> => {
  let imported = keys.get(secret);
  if (!imported) {
    imported = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, imported);
  }
  return imported;
};

export async function signAccessToken(secret: string, claims: AccessClaims, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sid, roles: claims.roles })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(await key(secret));
}

// Tokens already verified, per secret: a signature check through WebCrypto cost ~40 µs of every call
// (bench), and a client presents the same token for its 15 minutes. The token string is the key, so a
// hit is the very bytes whose signature was checked; expiry is still checked on every use.
const VERIFIED_MAX = 2000;
type Verified = { claims: AccessClaims; exp: number };
const verified = new Map<string, Map<string, Verified>>();

/**
 * A token verified before, from the cache: its claims, or null once it has expired; undefined when it
 * is not there. Synchronous, so the check on every call does not wait a turn for a known token.
 */
export function knownAccessToken(secret: string, token: string, now: Date): AccessClaims | null | undefined {
  const hit = verified.get(secret)?.get(token);
  // jose's rule: a token is expired once exp <= now.
  if (hit) return hit.exp > Math.floor(now.getTime() / 1000) ? hit.claims : null;
  return undefined;
}

export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  const known = knownAccessToken(secret, token, now);
  if (known !== undefined) return known;
  let cache = verified.get(secret);
  if (!cache) {
    cache = new Map();
    verified.set(secret, cache);
  }
  try {
    const { payload } = await jwtVerify(token, await key(secret), { algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'number' || !Array.isArray(payload.roles))
      return null;
    const claims = {
      sub: payload.sub,
      sid: payload.sid,
      roles: payload.roles.filter((r): r is string => typeof r === 'string'),
    };
    if (typeof payload.exp === 'number') {
      // Oldest first out (a Map keeps insertion order).
      if (cache.size >= VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(token, { claims, exp: payload.exp });
    }
    return claims;
  } catch {
    return null;
  }
}
