import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneExpired } from '#src/server/jobs/maintenance.ts';
import { enqueueEmail } from '#src/server/mail/outbox.ts';
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

  // Issue 22, finding 7: the e-mail outbox was never pruned.
  it('deletes sent, cancelled and failed e-mails after 30 days, and never a pending one', async () => {
    const queue = async (status: 'PENDING' | 'SENT' | 'CANCELLED' | 'FAILED') => {
      await enqueueEmail(
        t.db,
        {
          to: `${status.toLowerCase()}@example.com`,
          locale: 'en',
          template: 'password_reset',
          payload: { name: 'A', link: 'https://x.example/?token=t', minutes: 60 },
        },
        t.clock.now(),
      );
      await t.db
        .updateTable('email_outbox')
        .set({ status })
        .where('to_address', '=', `${status.toLowerCase()}@example.com`)
        .execute();
    };
    for (const status of ['PENDING', 'SENT', 'CANCELLED', 'FAILED'] as const) await queue(status);
    t.clock.advance(29 * DAY);
    await pruneExpired(t.deps);
    expect(await t.db.selectFrom('email_outbox').select('id').execute()).toHaveLength(4);
    t.clock.advance(2 * DAY);
    await pruneExpired(t.deps);
    const left = await t.db.selectFrom('email_outbox').select(['status']).execute();
    expect(left.map((row) => row.status)).toEqual(['PENDING']);
  });
});
