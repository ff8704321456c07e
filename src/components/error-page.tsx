import { type ErrorComponentProps, isNotFound, Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isOfflineError } from '#src/lib/app-error.ts';
import { isChunkLoadError, reloadOnce } from '#src/lib/chunk-reload.ts';
import { reportError } from '#src/lib/error-reporting.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';
import { Logo } from './logo';

// The seed's error page: "Page Not Found" for 404, "Internal Server Error" for anything else.
export function ErrorPage({ status }: { status: 404 | 500 }) {
  const notFound = status === 404;
  const title = notFound ? m.error_page_not_found() : m.error_page_internal();

  usePageTitle(title);

  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <Logo className="text-lg" />
      <p className="font-mono text-5xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold" data-testid="error-page-title">
        {title}
      </h1>
      <p className="max-w-md text-base-content/70">
        {notFound ? m.error_page_not_found_text() : m.error_page_internal_text()}
      </p>
      <Link to="/" className="btn btn-sm btn-primary">
        {m.error_page_go_home()}
      </Link>
    </main>
  );
}

// A page whose data was never saved on this device, opened offline: say so, and offer to try again
// (the loader runs again) rather than calling it a server error.
export function OfflinePage() {
  const router = useRouter();
  const title = m.offline_page_title();

  usePageTitle(title);

  return (
    <main
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="offline-page"
    >
      <Logo className="text-lg" />
      <h1 className="text-2xl font-semibold" data-testid="error-page-title">
        {title}
      </h1>
      <p className="max-w-md text-base-content/70">{m.offline_page_text()}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void router.invalidate()}>
          {m.offline_page_retry()}
        </button>
        <Link to="/" className="btn btn-sm">
          {m.error_page_go_home()}
        </Link>
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return <ErrorPage status={404} />;
}

// Route errors land here. A failed chunk import means a newer build was deployed: reload (once) to
// the address the user was going to instead of showing an error. Offline, a reload cannot help: a
// page that needed the network says the device is offline (and is not reported).
export function RouteErrorPage({ error }: ErrorComponentProps) {
  const router = useRouter();
  const [reloading, setReloading] = useState(() => isChunkLoadError(error) && !isOfflineError(error));

  useEffect(() => {
    if (isOfflineError(error)) return;
    if (!isChunkLoadError(error)) {
      // reportError leaves out 300–499 statuses and not-found (seed section 8).
      reportError(error);
      return;
    }
    if (!reloadOnce(router.state.location.publicHref)) {
      setReloading(false);
      reportError(error);
    }
  }, [error, router]);

  if (reloading) {
    return (
      <main className="flex min-h-[60vh] items-center justify-center px-4 text-center" aria-live="polite">
        <p className="text-base-content/70">{m.error_page_reloading()}</p>
      </main>
    );
  }
  if (isOfflineError(error)) return <OfflinePage />;
  return <ErrorPage status={isNotFound(error) || hasStatus(error, 404) ? 404 : 500} />;
}

function hasStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status;
}
