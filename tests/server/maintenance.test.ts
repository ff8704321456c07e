import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../src/server/jobs/maintenance';
import { createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('maintenance on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('drops ended sessions and old rate-limit windows, and keeps live ones', async () => {
    const failLogin = (email: string) =>
      t.request('/api/auth/login', { method: 'POST', json: { email, password: 'Wrong#pass1' } });
    await t.createUser({ email: 'old@example.com' });
    await t.login('old@example.com');
    await failLogin('old@example.com');
    t.clock.advance(9 * DAY);
    await t.createUser({ email: 'new@example.com' });
    const fresh = await t.login('new@example.com');
    await failLogin('new@example.com');
    await pruneExpired(t.deps);

    expect(await t.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('refresh_tokens').select('id').execute()).toHaveLength(1);
    const keys = (await t.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('login-account:new@example.com');
    expect(keys).not.toContain('login-account:old@example.com');
    const me = await t.request('/api/recruiter/auth/me', { headers: { authorization: `Bearer ${fresh.accessToken}` } });
    expect(me.status).toBe(200);
  });
});
