import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { EmptyState } from '../../../components/list/empty-state';
import { errorMessage } from '../../../lib/app-error';
import { m } from '../../../paraglide/messages';

/** A route's errorComponent: the page title, why it failed, and a retry that reruns the loader. */
export function RouteLoadError({ title, error }: { title: string; error: ErrorComponentProps['error'] }) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => {
    // Let the suspense queries fetch again on retry instead of rethrowing the cached error.
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <div role="alert" className="alert alert-soft alert-error flex flex-col items-start gap-2 sm:flex-row">
        <div className="flex-1">
          <p className="font-semibold">{m.list_load_failed()}</p>
          <p className="text-sm">{errorMessage(error)}</p>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => void router.invalidate()}>
          {m.list_retry()}
        </button>
      </div>
    </section>
  );
}

/** A route's pendingComponent: the page title and placeholder rows. */
export function RoutePending({ title }: { title: string }) {
  return (
    <section className="space-y-4" aria-busy="true">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <span className="sr-only">{m.common_loading()}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} className="skeleton h-12 w-full" />
      ))}
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
