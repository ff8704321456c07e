import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { taskDetailQueryOptions } from '#src/features/tasks/api.ts';
import { AddTalentChoices } from '#src/features/tasks/components/add-talent-choices.tsx';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

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
