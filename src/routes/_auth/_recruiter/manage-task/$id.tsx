import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../components/list/list-states';
import { RoutePending } from '../../../../components/list/route-pending';
import { myTaskQueryOptions } from '../../../../features/tasks/api';
import { MyTaskDetailView } from '../../../../features/tasks/components/my-task-detail';
import { orNotFound } from '../../../../features/tasks/not-found';
import { parseId } from '../../../../features/tasks/search';
import { usePageTitle } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

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
