import type { ErrorReporter } from './error-report';

// When the server has a SENTRY_DSN, reports go to Sentry instead. Sentry's own global handlers stay
// off: ours (error-reporting.ts) already catch everything and apply the seed's filter (no 300–499 route errors).
// The SDK is a separate chunk, loaded only when configured. Answers the reporter to install, or null.
export async function sentryReporterWhenConfigured(
  fetchConfig: () => Promise<Response> = () => fetch('/api/config'),
): Promise<ErrorReporter | null> {
  try {
    const response = await fetchConfig();
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { sentryDsn?: string | null; environment?: string } };
    const dsn = body.data?.sentryDsn;
    if (!dsn) return null;
    const Sentry = await import('@sentry/browser');
    Sentry.init({ dsn, environment: body.data?.environment, defaultIntegrations: false });
    return (error, report) => {
      Sentry.captureException(error, { extra: { url: report.url, status: report.status } });
    };
  } catch {
    // Offline at start: the server log stays the destination.
    return null;
  }
}
