import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../../../components/list/list-states';
import { RoutePending } from '../../../../../../components/list/route-pending';
import { recruiterQueryOptions, recruiterTaskQueryOptions } from '../../../../../../features/admin-recruiters/api';
import { RecruiterTaskDetail } from '../../../../../../features/admin-recruiters/components/recruiter-task-detail';
import { orNotFound } from '../../../../../../features/admin-recruiters/not-found';
import { parseId } from '../../../../../../features/admin-recruiters/search';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

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
