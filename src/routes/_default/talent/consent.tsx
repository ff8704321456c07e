import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { talentLinkQueryOptions } from '#src/features/talent-links/api.ts';
import { TalentLinkLoading, TalentLinkPage } from '#src/features/talent-links/components/talent-link-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// A talent's link from e-mail or WhatsApp: public, but meaningless without its token.
export const Route = createFileRoute('/_default/talent/consent')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // Waited for, so the first render shows the link (one render, which React can split into short tasks,
  // instead of a spinner and then the page: issue 7). prefetchQuery never throws: a refused link stays in
  // the query's error, which the page itself shows (a thrown loader error would be the crash page). A
  // slow answer shows the pending page: the heading and "Loading…".
  loader: ({ context }) => context.queryClient.prefetchQuery(talentLinkQueryOptions('CONSENT', context.token)),
  pendingComponent: () => <TalentLinkLoading kind="CONSENT" />,
  component: ConsentPage,
});

function ConsentPage() {
  usePageTitle(m.title_consent());
  const { token } = Route.useRouteContext();
  return <TalentLinkPage kind="CONSENT" token={token} />;
}
