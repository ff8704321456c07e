import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { toast } from '#src/components/toast/toast-store.ts';
import { promoQueryOptions, useSavePromoMutation } from '#src/features/admin-promos/api.ts';
import { DeletePromo } from '#src/features/admin-promos/components/delete-promo.tsx';
import { PeriodBadge } from '#src/features/admin-promos/components/period-badge.tsx';
import { PromoForm } from '#src/features/admin-promos/components/promo-form.tsx';
import { PromoTasks } from '#src/features/admin-promos/components/promo-tasks.tsx';
import { toPromoFormValues } from '#src/features/admin-promos/form-values.ts';
import { formatDateTime, formatMoney } from '#src/lib/format.ts';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

// One promo: its edit form, its tasks (remove one, or add more) and delete. An id that is not a promo
// is Page Not Found.
export const Route = createFileRoute('/_auth/_admin/admin/promo/$id/')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    await orNotFound(queryClient.ensureQueryData(promoQueryOptions(id)));
  },
  pendingComponent: () => <RoutePending title={m.title_promo()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_promo()} error={error} />,
  component: AdminPromoIdPage,
});

function AdminPromoIdPage() {
  usePageTitle(m.title_promo());
  const id = Number(Route.useParams().id);
  const { data: promo } = useSuspenseQuery(promoQueryOptions(id));
  const save = useSavePromoMutation();
  return (
    <section className="space-y-5">
      <Link to="/admin/promo" className="link link-hover inline-block text-sm">
        ← {m.admin_promo_back_to_list()}
      </Link>
      <header className="space-y-1">
        <p className="text-sm text-base-content/70">{m.title_promo()}</p>
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold">{promo.title}</h1>
          <PeriodBadge period={promo.period} />
        </div>
        <p className="text-sm text-base-content/70" data-testid="promo-summary">
          {m.admin_promo_summary({
            bonus: formatMoney(promo.bonusAmount, promo.bonusCurrency),
            start: formatDateTime(promo.startsAt),
            end: formatDateTime(promo.endsAt),
            referrals: String(promo.referralCount),
          })}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-5">
        <div className="space-y-3 xl:col-span-3">
          <PromoTasks promo={promo} />
        </div>
        <div className="space-y-3 xl:col-span-2">
          <section className="card border border-base-300 bg-base-100" aria-labelledby="promo-edit-heading">
            <div className="card-body gap-2">
              <h2 id="promo-edit-heading" className="text-lg font-semibold">
                {m.admin_promo_edit_heading()}
              </h2>
              <PromoForm
                // A saved promo starts the form again from what the server stored.
                key={promo.updatedAt}
                idPrefix="promo"
                initial={toPromoFormValues(promo)}
                stored={{ startsAt: promo.startsAt, endsAt: promo.endsAt }}
                pending={save.isPending}
                submitLabel={m.admin_promo_save_submit()}
                onSave={(input) => save.mutateAsync({ id, input })}
                onSaved={(saved) => toast.success(m.admin_promo_saved_toast({ title: saved.title }))}
              />
            </div>
          </section>
          <DeletePromo promo={promo} />
        </div>
      </div>
    </section>
  );
}
