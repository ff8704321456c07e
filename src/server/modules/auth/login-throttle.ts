import { setTimeout as sleep } from 'node:timers/promises';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from '#src/server/context.ts';
import { clientIp, countAttempt, hitRateLimit, RATE_RULES, refundAttempt } from '#src/server/middleware/rate-limit.ts';

// How long an attempt waits once its account is past the ceiling of all addresses together.
export const LOGIN_SLOWDOWN_MS = 2_000;

/**
 * The first step of a login, before its body is read: one attempt more from this address, refused
 * (429) past the address's limit, so a refused address costs no parsing and no password check. A
 * login that succeeds gives its attempt back: the limits stop guessing, not people logging in.
 */
export const loginAttemptFromIp = createMiddleware<AppEnv>(async (c, next) => {
  const { db, now } = c.get('deps');
  const ip = clientIp(c);
  const at = now().getTime();
  await hitRateLimit(db, RATE_RULES.loginPerIp, ip, at);
  await next();
  if (c.res.status === 200) await refundAttempt(db, RATE_RULES.loginPerIp, ip, at);
});

/**
 * Counts an attempt on an account before its password is checked, and answers how to give it back
 * when the password was right. Refused (429) past the limit of this account from this address: an
 * attacker's address runs out of guesses without locking the account for anyone else. All addresses
 * together are only slowed down past a higher ceiling (a distributed guess costs time), never refused,
 * so the right password from another address still logs in.
 */
export async function countAccountLoginAttempt(deps: AppDeps, email: string, ip: string): Promise<() => Promise<void>> {
  const { db, now } = deps;
  const at = now().getTime();
  const source = `${email}|${ip}`;
  await hitRateLimit(db, RATE_RULES.loginPerAccountAndIp, source, at);
  const onAccount = await countAttempt(db, RATE_RULES.loginPerAccount, email, at);
  if (onAccount > RATE_RULES.loginPerAccount.limit) await sleep(LOGIN_SLOWDOWN_MS);
  return async () => {
    await refundAttempt(db, RATE_RULES.loginPerAccountAndIp, source, at);
    await refundAttempt(db, RATE_RULES.loginPerAccount, email, at);
  };
}
