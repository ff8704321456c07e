import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { promosQueryOptions } from '#src/features/admin-promos/api.ts';
import { PromoCreateDialog } from '#src/features/admin-promos/components/promo-create-dialog.tsx';
import { PromoList } from '#src/features/admin-promos/components/promo-list.tsx';
import { PROMO_LIST_DEFAULTS, promoListSearchSchema } from '#src/features/admin-promos/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

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
      <PageHeading
        title={m.title_promo()}
        intro={m.admin_promo_intro()}
        create={{ label: m.admin_promo_new(), onClick: () => setCreating(true) }}
      />
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
