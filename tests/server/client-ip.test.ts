import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 22, finding 8: behind nginx or an AWS ALB (which append the address they saw to
// X-Forwarded-For), the FIRST entry is whatever the client sent. Per-IP limits must key on the address
// the farthest trusted proxy saw: TRUST_PROXY entries from the right.
describe('the client address behind trusted proxies', () => {
  let t: TestApp;
  let opened: TestApp | undefined;
  const open = async (env: Record<string, string>) => {
    opened = await createTestApp('sqlite', env);
    t = opened;
  };
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  // The talent-link page's per-IP limit: 60 lookups in 15 minutes.
  const lookUp = (forwardedFor: string) =>
    t.request(`/api/public/consent?token=${'x'.repeat(43)}`, { headers: { 'x-forwarded-for': forwardedFor } });

  it('one proxy (TRUST_PROXY=true): a client choosing the first entry still hits its own limit', async () => {
    await open({ TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await lookUp(`198.51.100.${i}, 203.0.113.9`)).status);
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another client behind the same proxy is not limited.
    expect((await lookUp('198.51.100.1, 203.0.113.10')).status).not.toBe(429);
  });

  it('two proxies (TRUST_PROXY=2): the client is the second entry from the right', async () => {
    await open({ TRUST_PROXY: '2' });
    for (let i = 0; i < 60; i += 1) await lookUp(`198.51.100.${i}, 203.0.113.9, 10.0.0.${i % 3}`);
    expect((await lookUp('spoofed, 203.0.113.9, 10.0.0.7')).status).toBe(429);
    expect((await lookUp('203.0.113.9, 203.0.113.11, 10.0.0.7')).status).not.toBe(429);
  });

  it('refuses a TRUST_PROXY that is neither a yes/no nor a number of proxies', async () => {
    await expect(open({ TRUST_PROXY: 'sometimes' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
