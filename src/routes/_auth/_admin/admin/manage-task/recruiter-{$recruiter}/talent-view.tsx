import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '../../../../../../components/list/list-states';
import { RoutePending } from '../../../../../../components/list/route-pending';
import { recruiterQueryOptions, recruiterReferralsQueryOptions } from '../../../../../../features/admin-recruiters/api';
import { RecruiterHeader } from '../../../../../../features/admin-recruiters/components/recruiter-header';
import { RecruiterReferralList } from '../../../../../../features/admin-recruiters/components/recruiter-referral-list';
import { orNotFound } from '../../../../../../features/admin-recruiters/not-found';
import {
  parseId,
  RECRUITER_REFERRAL_DEFAULTS,
  recruiterReferralSearchSchema,
} from '../../../../../../features/admin-recruiters/search';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

// The talent view of a recruiter's Manage Tasks: their referrals across tasks; filters live in the URL.
export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/talent-view')({
  validateSearch: recruiterReferralSearchSchema,
  search: { middlewares: [stripSearchParams(RECRUITER_REFERRAL_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, params, deps }) => {
    const id = parseId(params.recruiter);
    if (id === null) throw notFound();
    await orNotFound(
      Promise.all([
        queryClient.ensureQueryData(recruiterQueryOptions(id)),
        queryClient.ensureQueryData(recruiterReferralsQueryOptions(id, deps)),
      ]),
    );
  },
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
