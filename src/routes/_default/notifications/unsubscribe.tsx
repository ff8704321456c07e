import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { emailPreferenceQueryOptions } from '#src/features/notifications/api.ts';
import { UnsubscribePage } from '#src/features/notifications/components/unsubscribe-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// The link in every notification e-mail: public, but meaningless without its token.
export const Route = createFileRoute('/_default/notifications/unsubscribe')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // prefetchQuery never throws: a refused token stays in the query's error, which the page shows.
  loader: ({ context }) => context.queryClient.prefetchQuery(emailPreferenceQueryOptions(context.token)),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  usePageTitle(m.title_notification_unsubscribe());
  const { token } = Route.useRouteContext();
  return <UnsubscribePage token={token} />;
}
