import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('run-time config', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('tells the browser where to report errors', async () => {
    t = await createTestApp('sqlite', { SENTRY_DSN: 'https://public@o1.ingest.example/42' });
    const body = await (await t.request('/api/config')).json();
    expect(body).toEqual({
      success: true,
      data: {
        sentryDsn: 'https://public@o1.ingest.example/42',
        environment: 'test',
        retention: { declinedDays: 30, inactiveMonths: 24, paymentYears: 7, accessLogMonths: 24 },
      },
    });
    // The pages' CSP lets the browser reach that Sentry host (an API answer loads nothing at all).
    const csp = (await t.request('/task')).headers.get('content-security-policy');
    expect(csp).toContain("connect-src 'self' https://o1.ingest.example");
  });

  it('says there is no Sentry when SENTRY_DSN is unset', async () => {
    t = await createTestApp('sqlite');
    expect((await (await t.request('/api/config')).json()).data.sentryDsn).toBeNull();
  });

  // Issue 24: the privacy texts show the periods the retention job applies, set by the environment.
  it('tells the browser the retention periods this server applies', async () => {
    t = await createTestApp('sqlite', { RETENTION_DECLINED_DAYS: '14', RETENTION_INACTIVE_MONTHS: '12' });
    expect((await (await t.request('/api/config')).json()).data.retention).toEqual({
      declinedDays: 14,
      inactiveMonths: 12,
      paymentYears: 7,
      accessLogMonths: 24,
    });
  });
});
