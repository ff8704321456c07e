import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { promoQueryOptions } from '#src/features/admin-promos/api.ts';
import { AddTasksPicker } from '#src/features/admin-promos/components/add-tasks-picker.tsx';
import { PeriodBadge } from '#src/features/admin-promos/components/period-badge.tsx';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

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
