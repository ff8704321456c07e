import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { recruiterQueryOptions, recruiterTaskQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { RecruiterTaskDetail } from '#src/features/admin-recruiters/components/recruiter-task-detail.tsx';
import { orNotFound } from '#src/lib/or-not-found.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

// "Manage Task Detail": the recruiter's referrals to one task. A task they are not in is Page Not Found.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/$id')({
  loader: async ({ context: { queryClient }, params }) => {
    const id = parseId(params.recruiter);
    const taskId = parseId(params.id);
    if (id === null || taskId === null) throw notFound();
    await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(recruiterQueryOptions(id)),
        queryClient.ensureQueryData(recruiterTaskQueryOptions(id, taskId)),
      ]),
    );
  },
  pendingComponent: () => <RoutePending title={m.title_manage_task_detail()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_manage_task_detail()} error={error} />,
  component: AdminRecruiterTaskDetailPage,
});

function AdminRecruiterTaskDetailPage() {
  usePageTitle(m.title_manage_task_detail());
  const params = Route.useParams();
  const id = Number(params.recruiter);
  const { data: recruiter } = useSuspenseQuery(recruiterQueryOptions(id));
  const { data } = useSuspenseQuery(recruiterTaskQueryOptions(id, Number(params.id)));
  return <RecruiterTaskDetail recruiter={recruiter} task={data.task} counts={data.counts} referrals={data.referrals} />;
}
