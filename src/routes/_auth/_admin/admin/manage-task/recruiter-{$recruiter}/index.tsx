import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { recruiterQueryOptions, recruiterTasksQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { AssignTask } from '#src/features/admin-recruiters/components/assign-task.tsx';
import { RecruiterHeader } from '#src/features/admin-recruiters/components/recruiter-header.tsx';
import { RecruiterTaskList } from '#src/features/admin-recruiters/components/recruiter-task-list.tsx';
import { loadRecruiterPage } from '#src/features/admin-recruiters/load-recruiter-page.ts';
import { RECRUITER_TASK_DEFAULTS, recruiterTaskListSearchSchema } from '#src/features/admin-recruiters/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// A recruiter's tasks (joined or assigned) with their referrals counted, and "Assign a task".
// An id that is not a recruiter's is Page Not Found.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/')({
  validateSearch: recruiterTaskListSearchSchema,
  search: { middlewares: [stripSearchParams(RECRUITER_TASK_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    loadRecruiterPage(queryClient, params.recruiter, (id) =>
      queryClient.ensureQueryData(recruiterTasksQueryOptions(id, deps)),
    ),
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
