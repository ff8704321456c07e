import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../features/auth/api';
import {
  earningReferralsQueryOptions,
  earningSummaryQueryOptions,
  earningTaskOptionsQueryOptions,
  myPaymentsQueryOptions,
} from '../../features/earning/api';
import { EarningPage } from '../../features/earning/components/earning-page';
import { earningFilters, earningSearchSchema, paymentsPaging } from '../../features/earning/search-params';
import { usePageTitle } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_auth/earning')({
  validateSearch: earningSearchSchema,
  loaderDeps: ({ search }) => ({ filters: earningFilters(search), payments: paymentsPaging(search) }),
  loader: async ({ context, deps }) => {
    const user = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!user?.roles.includes('ROLE_RECRUITER')) return;
    await Promise.all([
      context.queryClient.ensureQueryData(earningSummaryQueryOptions()),
      context.queryClient.ensureQueryData(earningReferralsQueryOptions(deps.filters)),
      context.queryClient.ensureQueryData(myPaymentsQueryOptions(deps.payments)),
      context.queryClient.ensureQueryData(earningTaskOptionsQueryOptions()),
    ]);
  },
  component: EarningRoute,
});

// Whether the user is a recruiter comes from the signed-in user (features do not import each other).
function EarningRoute() {
  usePageTitle(m.title_earning());
  const { data: user } = useSuspenseQuery(meQueryOptions());
  return <EarningPage recruiter={Boolean(user?.roles.includes('ROLE_RECRUITER'))} />;
}
