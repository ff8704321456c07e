import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../../components/list/list-states';
import { RoutePending } from '../../../../../components/list/route-pending';
import { taskDetailQueryOptions } from '../../../../../features/tasks/api';
import { AddTalentChoices } from '../../../../../features/tasks/components/add-talent-choices';
import { orNotFound } from '../../../../../features/tasks/not-found';
import { parseId } from '../../../../../features/tasks/search';
import { usePageTitle } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

// The first step of adding a talent: the task (taskId is required by the parent route), then a
// new talent from a resume or one from my folder. An unknown task is Page Not Found.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/')({
  loaderDeps: ({ search }) => ({ taskId: parseId(search.taskId ?? '') }),
  loader: ({ context: { queryClient }, deps: { taskId } }) => {
    if (taskId === null) throw notFound();
    return orNotFound(queryClient.ensureQueryData(taskDetailQueryOptions(taskId)));
  },
  pendingComponent: () => <RoutePending title={m.title_add_talent()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_add_talent()} error={error} />,
  component: ManageTaskAddPage,
});

function ManageTaskAddPage() {
  usePageTitle(m.title_add_talent());
  const { taskId } = Route.useLoaderDeps();
  // The loader answered Page Not Found for a bad id, so here it is a number.
  const { data: task } = useSuspenseQuery(taskDetailQueryOptions(taskId ?? 0));
  return <AddTalentChoices task={task} />;
}
