import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { reviewQueryOptions } from '#src/features/company-review/api.ts';
import { ReviewLoading, ReviewPage } from '#src/features/company-review/components/review-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// A hiring company's review link (issue 45): public, but meaningless without its token.
export const Route = createFileRoute('/_link/review')({
  validateSearch: v.object({ token: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.token) throw notFound();
    return { token: search.token };
  },
  // Waited for, as the talent's data page is: the page opens with its candidates or its refusal.
  loader: ({ context }) => context.queryClient.prefetchQuery(reviewQueryOptions(context.token)),
  pendingComponent: ReviewLoading,
  component: ReviewRoute,
});

function ReviewRoute() {
  usePageTitle(m.review_title());
  const { token } = Route.useRouteContext();
  return <ReviewPage token={token} />;
}
