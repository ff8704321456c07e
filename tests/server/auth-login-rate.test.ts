import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_SLOWDOWN_MS } from '#src/server/modules/auth/login-throttle.ts';
import { bearer, createTestApp, DIALECTS, TEST_PASSWORD, type TestApp } from './helpers/test-app';

// Every password check the server makes, counted: what a burst of guesses really costs it.
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('#src/server/security/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#src/server/security/passwords.ts')>();
  return {
    ...real,
    verifyPassword: (hash: string | null, password: string) => {
      checks.count += 1;
      return real.verifyPassword(hash, password);
    },
  };
});

const WRONG = 'Wrong#1234';
// The limits in 15 minutes (RATE_RULES): per account and address, per address, and the account's
// ceiling past which attempts from all addresses together are slowed down.
const PER_ACCOUNT_AND_IP = 10;
const PER_IP = 30;
const ACCOUNT_CEILING = 50;
const CLIENT_ERRORS_PER_IP = 30;

describe.each(DIALECTS)('login limits on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    checks.count = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  const postLogin = (json: unknown, ip: string) =>
    t.request('/api/auth/login', { method: 'POST', json, headers: { 'x-forwarded-for': ip } });
  const statusCounts = (statuses: number[]) => {
    const counts: Record<number, number> = {};
    for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
    return counts;
  };

  describe('bursts (issue 22, finding 2)', () => {
    it('checks no more passwords than the limit when 50 wrong logins and the right one arrive together', async () => {
      await t.createUser({ email: 'a@example.com' });
      const burst = [
        ...Array.from({ length: 50 }, () => postLogin({ email: 'a@example.com', password: WRONG }, '10.9.0.1')),
        postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.9.0.1'),
      ];
      const statuses = (await Promise.all(burst)).map((r) => r.status);
      const limit = PER_ACCOUNT_AND_IP;
      expect(checks.count).toBeLessThanOrEqual(limit);
      expect(statusCounts(statuses)[401] ?? 0).toBeLessThanOrEqual(limit);
      expect((statusCounts(statuses)[401] ?? 0) + (statusCounts(statuses)[429] ?? 0)).toBeGreaterThanOrEqual(50);
      // The burst is over: its address has spent its guesses on this account.
      checks.count = 0;
      expect((await postLogin({ email: 'a@example.com', password: WRONG }, '10.9.0.1')).status).toBe(429);
      expect(checks.count).toBe(0);
    });

    it('checks no more current passwords than the limit when a burst of wrong ones arrives on a signed-in session', async () => {
      const user = await t.createUser({ email: 'b@example.com' });
      const { token } = await t.login(user.email);
      checks.count = 0;
      const burst = Array.from({ length: 30 }, () =>
        t.request('/api/account/password', {
          method: 'POST',
          json: { currentPassword: WRONG, newPassword: 'Brand#New123', confirmPassword: 'Brand#New123' },
          headers: bearer(token),
        }),
      );
      const statuses = (await Promise.all(burst)).map((r) => r.status);
      expect(checks.count).toBeLessThanOrEqual(10);
      expect(statusCounts(statuses)).toEqual({ 422: checks.count, 429: 30 - checks.count });
    });
  });

  describe('no lock-out (issue 22, finding 13)', () => {
    it('lets the right password in from another address while one address hammers the account', async () => {
      await t.createUser({ email: 'a@example.com' });
      const hammer = Array.from({ length: 40 }, () =>
        postLogin({ email: 'a@example.com', password: WRONG }, '10.8.0.1'),
      );
      const statuses = (await Promise.all(hammer)).map((r) => r.status);
      expect(statusCounts(statuses)).toEqual({ 401: 10, 429: 30 });

      const owner = await postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.8.0.2');
      expect(owner.status).toBe(200);
      expect(await owner.json()).toMatchObject({ success: true, accessToken: expect.any(String) });
      // The hammering address stays refused, even with the right password, until its window ends.
      const attacker = await postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.8.0.1');
      expect(attacker.status).toBe(429);
      expect((await attacker.json()).error.code).toBe('RATE_LIMITED');
    });

    it('slows the account down, never refuses it, once many addresses together pass the ceiling', async () => {
      await t.createUser({ email: 'a@example.com' });
      const perSource = PER_ACCOUNT_AND_IP;
      const sources = Math.ceil(ACCOUNT_CEILING / perSource);
      for (let s = 0; s < sources; s++) {
        const wrong = Array.from({ length: perSource }, () =>
          postLogin({ email: 'a@example.com', password: WRONG }, `10.7.${s}.1`),
        );
        expect((await Promise.all(wrong)).map((r) => r.status)).toEqual(Array(perSource).fill(401));
      }
      const started = performance.now();
      const owner = await postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.7.99.1');
      expect(owner.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(LOGIN_SLOWDOWN_MS - 50);
      // A new address's wrong password is checked (slowly), not refused.
      expect((await postLogin({ email: 'a@example.com', password: WRONG }, '10.7.98.1')).status).toBe(401);
    });

    it('gives a right password its attempt back, so the owner never runs out of logins', async () => {
      await t.createUser({ email: 'a@example.com' });
      for (let i = 0; i < 9; i++) {
        expect((await postLogin({ email: 'a@example.com', password: WRONG }, '10.6.0.1')).status).toBe(401);
      }
      for (let i = 0; i < 5; i++) {
        expect((await postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.6.0.1')).status).toBe(200);
      }
      expect((await postLogin({ email: 'a@example.com', password: WRONG }, '10.6.0.1')).status).toBe(401);
      expect((await postLogin({ email: 'a@example.com', password: TEST_PASSWORD }, '10.6.0.1')).status).toBe(429);
    });
  });

  describe('bodies (issue 22, finding 4)', () => {
    const hugeJson = () => {
      // ~2 MB of JSON with many keys: what made parsing block the process.
      const entries = Array.from({ length: 140_000 }, (_, i) => `"k${i}":${i}`);
      return `{"email":"a@example.com","password":"x",${entries.join(',')}}`;
    };

    it('answers a 2 MB JSON login with 413 in the JSON error shape, at once', async () => {
      const body = hugeJson();
      expect(body.length).toBeGreaterThan(2_000_000);
      const started = performance.now();
      const res = await t.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.5.0.1' },
        body,
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({
        success: false,
        error: { code: 'PAYLOAD_TOO_LARGE', requestId: expect.any(String) },
      });
      expect(performance.now() - started).toBeLessThan(500);
      expect(checks.count).toBe(0);
    });

    it('refuses a body over a few kilobytes on the client error report', async () => {
      const res = await t.request('/api/client-errors', {
        method: 'POST',
        headers: { 'x-forwarded-for': '10.5.0.2' },
        json: { message: 'boom', stack: 'x'.repeat(40_000) },
      });
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it("refuses a signed-in user's JSON over the default limit, far below the upload routes' megabytes", async () => {
      const user = await t.createUser();
      const { token } = await t.login(user.email);
      const res = await t.request('/api/account/profile', {
        method: 'PUT',
        headers: bearer(token),
        json: { fullName: 'x'.repeat(200_000) },
      });
      expect(res.status).toBe(413);
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses an address past its login limit before reading the body', async () => {
      for (let i = 0; i < PER_IP; i++) {
        expect((await postLogin({ email: `u${i}@example.com`, password: WRONG }, '10.5.0.3')).status).toBe(401);
      }
      checks.count = 0;
      // Not even valid JSON: a parser would answer 400; the limit answers first.
      const res = await t.request('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.5.0.3' },
        body: '{"email": not json',
      });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBeTruthy();
      expect(checks.count).toBe(0);
    });

    it('refuses an address past its client error limit before reading the body', async () => {
      const report = () =>
        t.request('/api/client-errors', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.5.0.4' },
          body: '{"message": not json',
        });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      for (let i = 0; i < CLIENT_ERRORS_PER_IP; i++) expect((await report()).status).toBe(400);
      expect((await report()).status).toBe(429);
      warn.mockRestore();
    });
  });
});
