import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../../../components/list/list-states';
import { RoutePending } from '../../../../../../components/list/route-pending';
import { promoQueryOptions } from '../../../../../../features/admin-promos/api';
import { AddTasksPicker } from '../../../../../../features/admin-promos/components/add-tasks-picker';
import { PeriodBadge } from '../../../../../../features/admin-promos/components/period-badge';
import { orNotFound, parseId } from '../../../../../../features/admin-promos/not-found';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

// "Add Tasks To Promo": pick open tasks the promo does not list yet, then add them in one go.
export const Route = createFileRoute('/_auth/_admin/admin/promo/$id/add-tasks')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    await orNotFound(queryClient.ensureQueryData(promoQueryOptions(id)));
  },
  pendingComponent: () => <RoutePending title={m.title_add_tasks_to_promo()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_add_tasks_to_promo()} error={error} />,
  component: AdminPromoIdAddTasksPage,
});

function AdminPromoIdAddTasksPage() {
  usePageTitle(m.title_add_tasks_to_promo());
  const id = Number(Route.useParams().id);
  const { data: promo } = useSuspenseQuery(promoQueryOptions(id));
  return (
    <section className="mx-auto max-w-3xl space-y-4">
      <Link to="/admin/promo/$id" params={{ id: String(id) }} className="link link-hover inline-block text-sm">
        ← {m.admin_promo_back_to_promo({ title: promo.title })}
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{m.title_add_tasks_to_promo()}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
          <span>{m.admin_promo_add_tasks_intro({ title: promo.title, count: String(promo.taskCount) })}</span>
          <PeriodBadge period={promo.period} />
        </p>
      </header>
      <AddTasksPicker promo={promo} />
    </section>
  );
}
