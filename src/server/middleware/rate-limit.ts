import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#src/server/context.ts';
import type { DB } from '#src/server/db/connect.ts';
import { AppError } from '#src/server/errors.ts';

// Fixed-window counters kept in the database, so every instance behind a load balancer shares them.
export type RateRule = { name: string; limit: number; windowMs: number };

export async function hitRateLimit(db: DB, rule: RateRule, subject: string, nowMs: number): Promise<void> {
  const count = await countAttempt(db, rule, subject, nowMs);
  if (count > rule.limit) throw rateLimited(rule, nowMs);
}

/**
 * Counts one attempt and answers the window's count, this one included, in one statement (an upsert
 * with RETURNING): however many requests arrive together, each sees a different count, on SQLite and
 * PostgreSQL alike. Counting before the work (a password check) is what bounds a burst; reading the
 * count first and counting failures after let every request of a burst through.
 */
export async function countAttempt(db: DB, rule: RateRule, subject: string, nowMs: number): Promise<number> {
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
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Takes back an attempt counted at `nowMs` (in that window only) that turned out not to count: a right password. */
export async function refundAttempt(db: DB, rule: RateRule, subject: string, nowMs: number): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', `${rule.name}:${subject}`)
    .where('window_start', '=', windowOf(rule, nowMs))
    .where('count', '>', 0)
    .execute();
}

/** A step that counts the request against its address before the body is read or parsed (429 past the limit). */
export const limitPerIp = (rule: RateRule) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { db, now } = c.get('deps');
    await hitRateLimit(db, rule, clientIp(c), now().getTime());
    await next();
  });

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
  // Login limits count every attempt before its password is checked and give a right password its
  // attempt back: they stop password guessing, not people logging in (modules/auth/login-throttle.ts).
  loginPerIp: { name: 'login-ip', limit: 30, windowMs: 15 * 60_000 },
  loginPerAccountAndIp: { name: 'login-account-ip', limit: 10, windowMs: 15 * 60_000 },
  // Past this many attempts on one account from all addresses together, each attempt is slowed down,
  // never refused: refusing would let anyone lock anyone out.
  loginPerAccount: { name: 'login-account', limit: 50, windowMs: 15 * 60_000 },
  resetPerIp: { name: 'reset-ip', limit: 10, windowMs: 60 * 60_000 },
  resetPerAccount: { name: 'reset-account', limit: 3, windowMs: 60 * 60_000 },
  refreshPerIp: { name: 'refresh-ip', limit: 120, windowMs: 60_000 },
  refreshPerSession: { name: 'refresh-session', limit: 30, windowMs: 60_000 },
  updatePasswordPerIp: { name: 'update-password-ip', limit: 20, windowMs: 60 * 60_000 },
  // Talent consent and ITA links: public, so guessing tokens is slowed per IP (a talent needs a handful).
  talentLinkPerIp: { name: 'talent-link-ip', limit: 60, windowMs: 15 * 60_000 },
  // A hiring company's review link (issue 45): a contact opens the list, each profile and CV and answers
  // each candidate (four calls a candidate), often from one office address shared by colleagues.
  companyReviewPerIp: { name: 'company-review-ip', limit: 400, windowMs: 15 * 60_000 },
  clientErrorsPerIp: { name: 'client-errors', limit: 30, windowMs: 60_000 },
} satisfies Record<string, RateRule>;
