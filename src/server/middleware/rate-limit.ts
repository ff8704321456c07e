import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import type { DB } from '../db/connect';
import { AppError } from '../errors';

// Fixed-window counters kept in the database, so every instance behind a load balancer shares them.
export type RateRule = { name: string; limit: number; windowMs: number };

export async function hitRateLimit(db: DB, rule: RateRule, subject: string, nowMs: number): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const windowStart = windowOf(rule, nowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '<', windowStart)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        window_start: windowStart,
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.count > rule.limit) throw rateLimited(rule, nowMs);
}

// For limits that count only failures (wrong passwords): refuse once the window's failures reached the
// limit, without counting this attempt; `hitRateLimit` counts it if it fails.
export async function assertUnderRateLimit(db: DB, rule: RateRule, subject: string, nowMs: number): Promise<void> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', `${rule.name}:${subject}`)
    .executeTakeFirst();
  if (row && row.window_start === windowOf(rule, nowMs) && row.count >= rule.limit) throw rateLimited(rule, nowMs);
}

const windowOf = (rule: RateRule, nowMs: number) => nowMs - (nowMs % rule.windowMs);

function rateLimited(rule: RateRule, nowMs: number) {
  const retryAfter = Math.max(1, Math.ceil((windowOf(rule, nowMs) + rule.windowMs - nowMs) / 1000));
  return new AppError('RATE_LIMITED', 429, 'Too many attempts. Please wait a moment and try again.', undefined, {
    'Retry-After': String(retryAfter),
  });
}

/**
 * The client's address. Behind TRUST_PROXY proxies, each appends the address it saw to X-Forwarded-For,
 * so the client is the entry the farthest trusted proxy added: that many from the right. Entries to its
 * left are whatever the client sent, and never trusted (the first entry let any client pick its own
 * address for every per-IP limit: issue 22, finding 8).
 */
export function clientIp(c: Context<AppEnv>): string {
  const hops = c.get('deps').env.TRUST_PROXY;
  if (hops > 0) {
    const entries = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const seen = entries[entries.length - hops];
    if (seen) return seen;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export const RATE_RULES = {
  // Login limits count failed attempts only: they stop password guessing, not people logging in.
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * 60_000 },
  loginPerAccount: { name: 'login-account', limit: 10, windowMs: 15 * 60_000 },
  resetPerIp: { name: 'reset-ip', limit: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { name: 'reset-account', limit: 3, windowMs: 60 * 60_000 },
  refreshPerIp: { name: 'refresh-ip', limit: 120, windowMs: 60_000 },
  refreshPerSession: { name: 'refresh-session', limit: 30, windowMs: 60_000 },
  updatePasswordPerIp: { name: 'update-password-ip', limit: 20, windowMs: 60 * 60_000 },
  // Talent consent and ITA links: public, so guessing tokens is slowed per IP (a talent needs a handful).
  talentLinkPerIp: { name: 'talent-link-ip', limit: 60, windowMs: 15 * 60_000 },
} satisfies Record<string, RateRule>;
