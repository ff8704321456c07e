import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { AsOfNote } from '#src/components/offline/as-of-note.tsx';
import { myTasksQueryOptions } from '#src/features/tasks/api.ts';
import { ManageTabs } from '#src/features/tasks/components/manage-tabs.tsx';
import { MyTaskList } from '#src/features/tasks/components/my-task-list.tsx';
import { MY_TASK_DEFAULTS, myTaskListSearchSchema } from '#src/features/tasks/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Manage Task: the tasks I joined, with my referrals counted; the filters live in the URL.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/')({
  validateSearch: myTaskListSearchSchema,
  search: { middlewares: [stripSearchParams(MY_TASK_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(myTasksQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.title_manage_task()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_manage_task()} error={error} />,
  component: ManageTaskPage,
});

function ManageTaskPage() {
  usePageTitle(m.title_manage_task());
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(myTasksQueryOptions(filters));
  const navigate = Route.useNavigate();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{m.title_manage_task()}</h1>
      <AsOfNote queryKey={myTasksQueryOptions(filters).queryKey} />
      <ManageTabs current="tasks" />
      <MyTaskList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </section>
  );
}
