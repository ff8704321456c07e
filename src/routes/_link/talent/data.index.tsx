import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { talentDataQueryOptions } from '#src/features/talent-links/api.ts';
import { TalentDataLoading, TalentDataPage } from '#src/features/talent-links/components/talent-data-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// The talent's "manage my data" link (issue 24): public, but meaningless without its token.
export const Route = createFileRoute('/_link/talent/data/')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // Waited for, as the consent page's link is (see consent.tsx).
  loader: ({ context }) => context.queryClient.prefetchQuery(talentDataQueryOptions(context.token)),
  pendingComponent: TalentDataLoading,
  component: DataPage,
});

function DataPage() {
  usePageTitle(m.talent_data_title());
  const { token } = Route.useRouteContext();
  return <TalentDataPage token={token} />;
}
