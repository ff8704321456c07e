// @vitest-environment node
import dns from 'node:dns';
import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { isLocalHost } from '#tests/setup/hermetic-guard.mjs';

// Tests never reach outside the machine (tests/setup/hermetic-guard.mjs): a connection or a lookup to
// another host is refused and recorded, and the test that made it fails naming the host (hermetic.ts).
const violations = (globalThis as { __hermeticViolations?: string[] }).__hermeticViolations as string[];

describe('the hermetic guard', () => {
  // What these tests provoke on purpose is taken off the record, so hermetic.ts does not fail them.
  afterEach(() => {
    violations.splice(0);
  });

  it('refuses fetch to an outside host and records it by name', async () => {
    await expect(fetch('https://fcm.googleapis.com/fcm/send/x', { method: 'POST' })).rejects.toThrow();
    expect(violations.join('\n')).toMatch(/connection to fcm\.googleapis\.com:443 refused/);
  });

  it('refuses an https request to an outside address, with the refusal as its error', async () => {
    const error = await new Promise<Error>((resolve) => {
      const req = request({ host: '203.0.113.7', port: 443, path: '/' }, () => resolve(new Error('answered')));
      req.on('error', resolve);
      req.end();
    });
    expect(error.message).toMatch(/hermetic tests: a connection to 203\.0\.113\.7:443 refused/);
  });

  it('refuses a DNS lookup of an outside name', async () => {
    await expect(dns.promises.lookup('updates.push.services.mozilla.com')).rejects.toThrow(
      /DNS lookup to updates\.push\.services\.mozilla\.com refused/,
    );
    const callback = await new Promise<Error | null>((resolve) => dns.lookup('example.com', (error) => resolve(error)));
    expect(callback?.message).toMatch(/DNS lookup to example\.com refused/);
  });

  it('lets loopback through', async () => {
    expect(['localhost', '127.0.0.1', '::1', '[::1]', '127.1.2.3', undefined].every(isLocalHost)).toBe(true);
    expect(
      ['example.com', '10.0.0.1', '169.254.169.254', '::ffff:10.0.0.1', '127.0.0.1.nip.io'].some(isLocalHost),
    ).toBe(false);
    expect((await dns.promises.lookup('localhost')).address).toMatch(/^(127\.|::1)/);
    expect(violations).toEqual([]);
  });
});
