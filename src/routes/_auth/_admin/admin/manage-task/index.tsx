import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, stripSearchParams } from '@tanstack/react-router';
import { PageHeading } from '#src/components/layout/page-heading.tsx';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { recruitersQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { RecruiterList } from '#src/features/admin-recruiters/components/recruiter-list.tsx';
import { RECRUITER_LIST_DEFAULTS, recruiterListSearchSchema } from '#src/features/admin-recruiters/search.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

// Admin › Manage Tasks: the recruiters, their numbers, and activate/deactivate; filters live in the URL.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/')({
  validateSearch: recruiterListSearchSchema,
  search: { middlewares: [stripSearchParams(RECRUITER_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(recruitersQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.title_admin_manage_tasks()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_admin_manage_tasks()} error={error} />,
  component: AdminManageTaskPage,
});

function AdminManageTaskPage() {
  usePageTitle(m.title_admin_manage_tasks());
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(recruitersQueryOptions(filters));
  const navigate = Route.useNavigate();
  return (
    <section className="space-y-4">
      <PageHeading title={m.title_admin_manage_tasks()} intro={m.admin_recruiters_list_intro()}>
        <Link to="/admin/manage-task/add-recruiter" className="btn btn-sm btn-primary">
          {m.title_add_recruiter()}
        </Link>
      </PageHeading>
      <RecruiterList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </section>
  );
}
