import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { talentLinkQueryOptions } from '../../../features/talent-links/api';
import { TalentLinkLoading, TalentLinkPage } from '../../../features/talent-links/components/talent-link-page';
import { usePageTitle } from '../../../lib/page-title';
import { optionalStringParam } from '../../../lib/search-params';
import { m } from '../../../paraglide/messages';

// A talent's intent-to-apply link from e-mail or WhatsApp: public, but meaningless without its token.
export const Route = createFileRoute('/_default/talent/ita-success')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // Waited for, and a slow answer shows the pending page: see consent.tsx.
  loader: ({ context }) => context.queryClient.prefetchQuery(talentLinkQueryOptions('ITA', context.token)),
  pendingComponent: () => <TalentLinkLoading kind="ITA" />,
  component: ItaSuccessPage,
});

function ItaSuccessPage() {
  usePageTitle(m.title_ita_success());
  const { token } = Route.useRouteContext();
  return <TalentLinkPage kind="ITA" token={token} />;
}
