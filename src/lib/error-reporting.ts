import { isNotFound, isRedirect } from '@tanstack/react-router';
import { afterLoad } from './after-load';
import { AppError } from './app-error';
import type { ErrorReport, ErrorReporter } from './error-report';

// Client errors reach us (PRODUCT.md "Errors reaching us"): to Sentry when it is wired in, otherwise
// to the server's log through POST /api/client-errors. Route errors with a status of 300 to 499 are
// not reported (seed section 8), nor is being offline.

const MAX_REPORTS_PER_PAGE = 10;
let sent = 0;

// To the server's log until sentryReporterWhenConfigured() (sentry-connect.ts) finds a SENTRY_DSN.
let reporter: ErrorReporter = postToServer;

/** Replaces where reports go (the Sentry seam; tests). */
export function setErrorReporter(next: ErrorReporter): void {
  reporter = next;
}

export function reportError(error: unknown, options: { status?: number } = {}): void {
  const status = options.status ?? statusOf(error);
  if (status !== undefined && status >= 300 && status <= 499) return;
  if (isRedirect(error) || isNotFound(error)) return;
  if (error instanceof AppError && error.code === 'NETWORK_ERROR') return;
  if (sent >= MAX_REPORTS_PER_PAGE) return;
  sent += 1;
  const report: ErrorReport = {
    message: (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000),
    stack: error instanceof Error && error.stack ? error.stack.slice(0, 10_000) : undefined,
    url: typeof location === 'undefined' ? undefined : location.href.slice(0, 2000),
    ...(status === undefined ? {} : { status }),
  };
  try {
    reporter(error, report);
  } catch {
    // Reporting must never throw into the code that reported.
  }
}

function statusOf(error: unknown): number | undefined {
  if (error instanceof AppError) return error.status || undefined;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function postToServer(_error: unknown, report: ErrorReport): void {
  // Plain fetch, not the api client: no token needed, and no refresh loop if reporting itself fails.
  // keepalive lets the report leave while the page unloads.
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  }).catch(() => {});
}

let installed = false;

/** Reports uncaught errors and unhandled rejections. Call once, at startup. */
export function installGlobalErrorHandlers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    // Failed <img>/<script> loads do not bubble to window, so only script errors arrive here.
    reportError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason));
  // Asked once the page has loaded, from a chunk of its own (most installs have no Sentry, and no first
  // load needs the question); a report before then goes to the server's log.
  afterLoad(() => {
    void import('./sentry-connect')
      .then(({ sentryReporterWhenConfigured }) => sentryReporterWhenConfigured())
      .then(
        (sentry) => sentry && setErrorReporter(sentry),
        () => {},
      );
  });
}
