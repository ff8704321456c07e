import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Env } from '#src/server/env.ts';

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

const cache = new Map<string, VapidDetails>();

/**
 * The key pair pushes are signed with. From the environment when set (several instances must share it:
 * a browser's subscription is bound to the public key it was made with); otherwise one pair generated on
 * first use and kept in DATA_DIR, like the local JWT secret, so restarts keep every device subscribed.
 */
export function vapidDetails(env: Env): VapidDetails {
  const cached = cache.get(env.DATA_DIR);
  if (cached && (!env.VAPID_PUBLIC_KEY || cached.publicKey === env.VAPID_PUBLIC_KEY)) return cached;
  const keys =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
      : localKeys(env.DATA_DIR);
  const details = { subject: vapidSubject(env), ...keys };
  cache.set(env.DATA_DIR, details);
  return details;
}

function localKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = webPush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * Who push services may contact about this sender. Apple's refuses `mailto:…@localhost` and
 * `https://localhost` (web-push#947), so the subject is APP_URL only when it is a public https address,
 * else the address of MAIL_FROM.
 */
export function vapidSubject(env: Pick<Env, 'VAPID_SUBJECT' | 'APP_URL' | 'MAIL_FROM'>): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const url = new URL(env.APP_URL);
  const local = (host: string) => host === 'localhost' || host.endsWith('.local') || /^[\d.:[\]]+$/.test(host);
  if (url.protocol === 'https:' && !local(url.hostname)) return url.origin;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM.trim();
  return `mailto:${address}`;
}
