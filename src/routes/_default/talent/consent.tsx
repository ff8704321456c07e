import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { talentLinkQueryOptions } from '../../../features/talent-links/api';
import { TalentLinkPage } from '../../../features/talent-links/components/talent-link-page';
import { usePageTitle } from '../../../lib/page-title';
import { optionalStringParam } from '../../../lib/search-params';
import { m } from '../../../paraglide/messages';

// A talent's link from e-mail or WhatsApp: public, but meaningless without its token.
export const Route = createFileRoute('/_default/talent/consent')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // Started here, not awaited: the link's data loads while the page's code does, and the page itself
  // shows a refused link (a thrown loader error would be the crash page).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(talentLinkQueryOptions('CONSENT', context.token));
  },
  component: ConsentPage,
});

function ConsentPage() {
  usePageTitle(m.title_consent());
  const { token } = Route.useRouteContext();
  return <TalentLinkPage kind="CONSENT" token={token} />;
}
