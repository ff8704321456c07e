import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { myTaskQueryOptions } from '#src/features/tasks/api.ts';
import { MyTaskDetailView } from '#src/features/tasks/components/my-task-detail.tsx';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

// One of my tasks and my referrals to it. A task I have not joined (or none) is Page Not Found.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/$id')({
  loader: ({ context: { queryClient }, params }) => {
    const taskId = parseId(params.id);
    if (taskId === null) throw notFound();
    return orNotFound(queryClient.ensureQueryData(myTaskQueryOptions(taskId)));
  },
  pendingComponent: () => <RoutePending title={m.title_manage_task_detail()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_manage_task_detail()} error={error} />,
  component: ManageTaskDetailPage,
});

function ManageTaskDetailPage() {
  usePageTitle(m.title_manage_task_detail());
  const { data } = useSuspenseQuery(myTaskQueryOptions(Number(Route.useParams().id)));
  return <MyTaskDetailView task={data.task} counts={data.counts} referrals={data.referrals} />;
}
