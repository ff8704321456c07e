import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { recruiterQueryOptions, recruiterReferralsQueryOptions } from '#src/features/admin-recruiters/api.ts';
import { RecruiterHeader } from '#src/features/admin-recruiters/components/recruiter-header.tsx';
import { RecruiterReferralList } from '#src/features/admin-recruiters/components/recruiter-referral-list.tsx';
import { loadRecruiterPage } from '#src/features/admin-recruiters/load-recruiter-page.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { REFERRAL_LIST_DEFAULTS, referralListSearchSchema } from '#src/lib/referral-list-search.ts';
import { m } from '#src/paraglide/messages.js';

// The talent view of a recruiter's Manage Tasks: their referrals across tasks; filters live in the URL.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/talent-view')({
  validateSearch: referralListSearchSchema,
  search: { middlewares: [stripSearchParams(REFERRAL_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, params, deps }) =>
    loadRecruiterPage(queryClient, params.recruiter, (id) =>
      queryClient.ensureQueryData(recruiterReferralsQueryOptions(id, deps)),
    ),
  pendingComponent: () => <RoutePending title={m.title_admin_manage_tasks()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_admin_manage_tasks()} error={error} />,
  component: AdminRecruiterTalentViewPage,
});

function AdminRecruiterTalentViewPage() {
  usePageTitle(m.title_admin_manage_tasks());
  const id = Number(Route.useParams().recruiter);
  const filters = Route.useLoaderDeps();
  const { data: recruiter } = useSuspenseQuery(recruiterQueryOptions(id));
  const { data } = useSuspenseQuery(recruiterReferralsQueryOptions(id, filters));
  const navigate = Route.useNavigate();
  return (
    <section className="space-y-4">
      <RecruiterHeader recruiter={recruiter} current="talents" />
      <RecruiterReferralList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </section>
  );
}
