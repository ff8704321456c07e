import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { promoQueryOptions, taskBoardQueryOptions } from '#src/features/tasks/api.ts';
import { PromoHeader } from '#src/features/tasks/components/promo-header.tsx';
import { TaskBoard } from '#src/features/tasks/components/task-board.tsx';
import { TASK_BOARD_DEFAULTS, taskBoardSearchSchema } from '#src/features/tasks/search.ts';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

// One promo and its tasks, with the board's controls and detail dialog. Unknown promo: Page Not Found.
export const Route = createFileRoute('/_auth/_recruiter/task/promo/$id')({
  validateSearch: taskBoardSearchSchema,
  search: { middlewares: [stripSearchParams(TASK_BOARD_DEFAULTS)] },
  loaderDeps: ({ search: { view: _view, ...filters } }) => filters,
  loader: ({ context: { queryClient }, params, deps }) => {
    const promoId = parseId(params.id);
    if (promoId === null) throw notFound();
    return Promise.all([
      orNotFound(queryClient.ensureQueryData(promoQueryOptions(promoId))),
      queryClient.ensureQueryData(taskBoardQueryOptions(deps, promoId)),
    ]);
  },
  pendingComponent: () => <RoutePending title={m.title_promo_tasks()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_promo_tasks()} error={error} />,
  component: PromoTasksPage,
});

function PromoTasksPage() {
  usePageTitle(m.title_promo_tasks());
  const promoId = Number(Route.useParams().id);
  const { view } = Route.useSearch();
  const filters = Route.useLoaderDeps();
  const { data: promo } = useSuspenseQuery(promoQueryOptions(promoId));
  const { data } = useSuspenseQuery(taskBoardQueryOptions(filters, promoId));
  const navigate = Route.useNavigate();

  return (
    <section className="space-y-5">
      <PromoHeader promo={promo} />
      <TaskBoard
        data={data}
        filters={filters}
        view={view}
        onSearch={(patch, options) => navigate({ search: (prev) => ({ ...prev, ...patch }), ...options })}
        idPrefix="promo-tasks"
      />
    </section>
  );
}
