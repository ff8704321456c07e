import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportError, setErrorReporter } from '#src/lib/error-reporting.ts';
import { sentryReporterWhenConfigured } from '#src/lib/sentry-connect.ts';

// With SENTRY_DSN on the server, browser errors go to Sentry; the seed's filter still applies.
const configAnswer = (sentryDsn: string | null) => async () =>
  new Response(JSON.stringify({ success: true, data: { sentryDsn, environment: 'test' } }), {
    headers: { 'content-type': 'application/json' },
  });

describe('Sentry reporting', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends reports to the configured Sentry project instead of the server log', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 200 });
    });
    const sentry = await sentryReporterWhenConfigured(configAnswer('https://public@o1.ingest.example/42'));
    expect(sentry).not.toBeNull();
    if (sentry) setErrorReporter(sentry);
    reportError(new Error('boom'));
    reportError(new Error('not found'), { status: 404 });
    const Sentry = await import('@sentry/browser');
    await Sentry.flush(2000);
    const toSentry = urls.filter((url) => url.startsWith('https://o1.ingest.example/api/42/'));
    expect(toSentry).toHaveLength(1);
    expect(urls.some((url) => url.includes('/api/client-errors'))).toBe(false);
  });

  it('leaves reports with the server log when no SENTRY_DSN is set', async () => {
    expect(await sentryReporterWhenConfigured(configAnswer(null))).toBeNull();
  });
});
