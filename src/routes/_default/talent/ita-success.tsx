import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { talentLinkQueryOptions } from '#src/features/talent-links/api.ts';
import { TalentLinkLoading, TalentLinkPage } from '#src/features/talent-links/components/talent-link-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

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
