import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DownloadButton } from '#src/components/download-button.tsx';
import { FormAlert } from '#src/components/form/form-alert.tsx';
import { RowSkeletons } from '#src/components/list/row-skeletons.tsx';
import { adminPaymentsQueryOptions, downloadPaymentsCsv } from '#src/features/admin-payments/api.ts';
import { NewPaymentDialog } from '#src/features/admin-payments/components/new-payment-dialog.tsx';
import { PaymentList } from '#src/features/admin-payments/components/payment-list.tsx';
import { malaysiaMonth, WithholdingPanel } from '#src/features/admin-payments/components/withholding-panel.tsx';
import { PAYMENTS_DEFAULTS, type PaymentsSearch, paymentsSearchSchema } from '#src/features/admin-payments/search.ts';
import { errorMessage } from '#src/lib/app-error.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';
import type { PaymentFilter } from '#src/shared/payment-schemas.ts';

export const Route = createFileRoute('/_auth/_admin/admin/payments')({
  validateSearch: paymentsSearchSchema,
  search: { middlewares: [stripSearchParams(PAYMENTS_DEFAULTS)] },
  component: AdminPaymentsPage,
});

const FILTER_LABELS: Record<PaymentFilter, () => string> = {
  ALL: m.admin_payments_filter_all,
  PAID: m.admin_payments_filter_paid,
  PENDING: m.admin_payments_filter_pending,
};

/** Saves a Blob under `name`: an object URL on a link with `download`, clicked once. */

function AdminPaymentsPage() {
  usePageTitle(m.title_payments());
  // The seed: Payments always opens at the top, even when scroll restoration would restore a position.
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, []);
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{m.title_payments()}</h1>
          <p className="text-sm text-base-content/70">{m.admin_payments_intro()}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {search.view === 'payments' && (
            <DownloadButton
              label={m.admin_payments_export()}
              download={() => downloadPaymentsCsv({ filter: search.filter })}
            />
          )}
          <button type="button" className="btn btn-sm btn-primary" onClick={() => setCreating(true)}>
            {m.admin_payments_new()}
          </button>
        </div>
      </div>
      <nav className="tabs tabs-border" aria-label={m.admin_payments_views_label()}>
        {(['payments', 'withholding'] as const).map((view) => (
          <Link
            key={view}
            to="/admin/payments"
            search={(prev) => ({ ...prev, view, page: 1 })}
            className={`tab ${search.view === view ? 'tab-active' : ''}`}
            aria-current={search.view === view ? 'page' : undefined}
          >
            {view === 'payments' ? m.admin_payments_view_payments() : m.admin_payments_view_withholding()}
          </Link>
        ))}
      </nav>
      {search.view === 'withholding' ? (
        <WithholdingPanel
          month={search.month ?? malaysiaMonth()}
          onMonth={(month) => navigate({ search: (prev) => ({ ...prev, month }), replace: true })}
        />
      ) : (
        <PaymentsView search={search} />
      )}
      {creating && <NewPaymentDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

// The payments themselves: by status, newest first.
function PaymentsView({ search }: { search: PaymentsSearch }) {
  const navigate = Route.useNavigate();
  const query = useQuery({ ...adminPaymentsQueryOptions(search), placeholderData: (prev) => prev });
  return (
    <>
      <div role="tablist" className="tabs tabs-box tabs-sm w-fit" aria-label={m.admin_payments_filter_label()}>
        {(['ALL', 'PENDING', 'PAID'] as const).map((filter) => (
          <button
            key={filter}
            type="button"
            role="tab"
            aria-selected={search.filter === filter}
            className={`tab ${search.filter === filter ? 'tab-active' : ''}`}
            onClick={() => navigate({ search: (prev) => ({ ...prev, filter, page: 1 }) })}
          >
            {FILTER_LABELS[filter]()}
          </button>
        ))}
      </div>
      {query.isPending && <RowSkeletons />}
      {query.isError && <FormAlert message={errorMessage(query.error)} />}
      {query.data && (
        <PaymentList data={query.data} onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })} />
      )}
    </>
  );
}
