import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { RouteLoadError } from '../../../../../components/list/list-states';
import { RoutePending } from '../../../../../components/list/route-pending';
import { promosQueryOptions } from '../../../../../features/admin-promos/api';
import { PromoCreateDialog } from '../../../../../features/admin-promos/components/promo-create-dialog';
import { PromoList } from '../../../../../features/admin-promos/components/promo-list';
import { PROMO_LIST_DEFAULTS, promoListSearchSchema } from '../../../../../features/admin-promos/search';
import { usePageTitle } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

// Admin › Promo: every promo with its period and counts; a new one is created in a dialog, then opened
// to add its tasks.
export const Route = createFileRoute('/_auth/_admin/admin/promo/')({
  validateSearch: promoListSearchSchema,
  search: { middlewares: [stripSearchParams(PROMO_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(promosQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.title_promo()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_promo()} error={error} />,
  component: AdminPromoPage,
});

function AdminPromoPage() {
  usePageTitle(m.title_promo());
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(promosQueryOptions(filters));
  const navigate = Route.useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{m.title_promo()}</h1>
          <p className="text-sm text-base-content/70">{m.admin_promo_intro()}</p>
        </div>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => setCreating(true)}
          aria-haspopup="dialog"
        >
          {m.admin_promo_new()}
        </button>
      </div>
      <PromoList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
        onCreate={() => setCreating(true)}
      />
      {creating && (
        <PromoCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(promo) => navigate({ to: '/admin/promo/$id', params: { id: String(promo.id) }, search: {} })}
        />
      )}
    </section>
  );
}
