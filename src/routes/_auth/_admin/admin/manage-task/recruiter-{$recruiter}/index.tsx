import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../../../components/list/list-states';
import { RoutePending } from '../../../../../../components/list/route-pending';
import { recruiterQueryOptions, recruiterTasksQueryOptions } from '../../../../../../features/admin-recruiters/api';
import { AssignTask } from '../../../../../../features/admin-recruiters/components/assign-task';
import { RecruiterHeader } from '../../../../../../features/admin-recruiters/components/recruiter-header';
import { RecruiterTaskList } from '../../../../../../features/admin-recruiters/components/recruiter-task-list';
import { orNotFound } from '../../../../../../features/admin-recruiters/not-found';
import {
  parseId,
  RECRUITER_TASK_DEFAULTS,
  recruiterTaskListSearchSchema,
} from '../../../../../../features/admin-recruiters/search';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

// A recruiter's tasks (joined or assigned) with their referrals counted, and "Assign a task".
// An id that is not a recruiter's is Page Not Found.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/')({
  validateSearch: recruiterTaskListSearchSchema,
  search: { middlewares: [stripSearchParams(RECRUITER_TASK_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    const id = parseId(params.recruiter);
    if (id === null) throw notFound();
    await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(recruiterQueryOptions(id)),
        queryClient.ensureQueryData(recruiterTasksQueryOptions(id, deps)),
      ]),
    );
  },
  pendingComponent: () => <RoutePending title={m.title_recruiters()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_recruiters()} error={error} />,
  component: AdminRecruiterTasksPage,
});

function AdminRecruiterTasksPage() {
  usePageTitle(m.title_recruiters());
  const id = Number(Route.useParams().recruiter);
  const filters = Route.useLoaderDeps();
  const { data: recruiter } = useSuspenseQuery(recruiterQueryOptions(id));
  const { data } = useSuspenseQuery(recruiterTasksQueryOptions(id, filters));
  const navigate = Route.useNavigate();
  return (
    <section className="space-y-4">
      <RecruiterHeader recruiter={recruiter} current="tasks" />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold">{m.admin_recruiters_tasks_heading()}</h2>
        <AssignTask recruiterId={id} recruiterName={recruiter.fullName} />
      </div>
      <RecruiterTaskList
        recruiterId={id}
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </section>
  );
}
