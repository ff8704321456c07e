import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RouteLoadError } from '#src/components/list/list-states.tsx';
import { RoutePending } from '#src/components/list/route-pending.tsx';
import { myReferralsQueryOptions } from '#src/features/tasks/api.ts';
import { ManageTabs } from '#src/features/tasks/components/manage-tabs.tsx';
import { ReferralList } from '#src/features/tasks/components/referral-list.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { REFERRAL_LIST_DEFAULTS, referralListSearchSchema } from '#src/lib/referral-list-search.ts';
import { m } from '#src/paraglide/messages.js';

// Manage Task as a flat list of the talents I referred, across tasks; filters live in the URL.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/talent-view')({
  validateSearch: referralListSearchSchema,
  search: { middlewares: [stripSearchParams(REFERRAL_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) => queryClient.ensureQueryData(myReferralsQueryOptions(deps)),
  pendingComponent: () => <RoutePending title={m.title_talent_view()} />,
  errorComponent: ({ error }) => <RouteLoadError title={m.title_talent_view()} error={error} />,
  component: TalentViewPage,
});

function TalentViewPage() {
  usePageTitle(m.title_talent_view());
  const filters = Route.useLoaderDeps();
  const { data } = useSuspenseQuery(myReferralsQueryOptions(filters));
  const navigate = Route.useNavigate();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">{m.title_manage_task()}</h1>
      <ManageTabs current="talents" />
      <ReferralList
        data={data}
        filters={filters}
        onChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
      />
    </section>
  );
}
