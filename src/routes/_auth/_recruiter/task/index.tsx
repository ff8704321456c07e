import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { runningPromosQueryOptions, taskBoardQueryOptions } from '#src/features/tasks/api.ts';
import { PromoStrip } from '#src/features/tasks/components/promo-strip.tsx';
import { TaskBoard } from '#src/features/tasks/components/task-board.tsx';
import { TASK_BOARD_DEFAULTS, taskBoardSearchSchema } from '#src/features/tasks/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// The task board: running promos, then the tasks with their filters, all in the URL.
export const Route = createFileRoute('/_auth/_recruiter/task/')({
  validateSearch: taskBoardSearchSchema,
  search: { middlewares: [stripSearchParams(TASK_BOARD_DEFAULTS)] },
  // The dialog's `view` is not a list filter: opening it does not reload the list.
  loaderDeps: ({ search: { view: _view, ...filters } }) => filters,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(taskBoardQueryOptions(deps)),
      queryClient.ensureQueryData(runningPromosQueryOptions()),
    ]),
  pendingComponent: () => <RoutePending title={m.title_task()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_task()} error={error} />,
  component: TaskPage,
});

function TaskPage() {
  usePageTitle(m.title_task());
  const { view } = Route.useSearch();
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(taskBoardQueryOptions(filters));
  const { data: promos } = useSuspenseQuery(runningPromosQueryOptions());
  const navigate = Route.useNavigate();

  return (
    <section className="space-y-5">
      <h1 className="text-2xl font-semibold">{m.title_task()}</h1>
      <AsOfNote queryKey={taskBoardQueryOptions(filters).queryKey} />
      <PromoStrip promos={promos} />
      <TaskBoard
        data={data}
        filters={filters}
        view={view}
        onSearch={(patch, options) => navigate({ search: (prev) => ({ ...prev, ...patch }), ...options })}
        idPrefix="task-board"
      />
    </section>
  );
}
