import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';
import { EmptyState } from './empty-state';

/** A list (or page) that could not load: why, and a retry that reruns the route's loader. */
export function LoadError({ error, title = m.list_load_failed() }: { error: unknown; title?: string }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    // Let the suspense queries fetch again on retry instead of rethrowing the cached error.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <div
      role="alert"
      className="alert alert-soft alert-error flex flex-col items-start gap-2 sm:flex-row sm:items-center"
    >
      <div className="flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{errorMessage(error)}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={() => void router.invalidate()}>
        {m.list_retry()}
      </button>
    </div>
  );
}

/** A route's errorComponent: the page title (the document's too), then the error with its retry. */
export function RouteLoadError({ title, error }: { title: string; error: ErrorComponentProps['error'] }) {
  usePageTitle(title);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <LoadError error={error} />
    </section>
  );
}

/** Empty list: a filtered list offers to clear its filters, an unfiltered one its next step. */
export function ListEmpty({
  filtered,
  onClear,
  title,
  children,
}: {
  filtered: boolean;
  onClear: () => void;
  title: string;
  children?: ReactNode;
}) {
  if (filtered) {
    return (
      <EmptyState title={m.list_empty_filtered()}>
        <button type="button" className="btn btn-sm" onClick={onClear}>
          {m.list_clear_filters()}
        </button>
      </EmptyState>
    );
  }
  return <EmptyState title={title}>{children}</EmptyState>;
}
