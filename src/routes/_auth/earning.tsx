import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '#src/features/auth/api.ts';
import {
  earningReferralsQueryOptions,
  earningSummaryQueryOptions,
  earningTaskOptionsQueryOptions,
  myPaymentsQueryOptions,
} from '#src/features/earning/api.ts';
import { EarningPage } from '#src/features/earning/components/earning-page.tsx';
import { earningFilters, earningSearchSchema, paymentsPaging } from '#src/features/earning/search-params.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

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
