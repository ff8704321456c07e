import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFoundError, referralQueryOptions, talentQueryOptions } from '../../../../../features/talents/api';
import { HiringStatusPage } from '../../../../../features/talents/components/hiring-status-page';
import { parseIdParam } from '../../../../../features/talents/search-params';
import { usePageTitle } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/hiring-status')({
  loader: async ({ context, params }) => {
    const id = parseIdParam(params.id);
    if (id === null) throw notFound();
    const talent = await context.queryClient.ensureQueryData(talentQueryOptions(id)).catch((error: unknown) => {
      throw isNotFoundError(error) ? notFound() : error;
    });
    // A talent has few referrals: load each one's history for its timeline.
    await Promise.all(talent.referrals.map((r) => context.queryClient.ensureQueryData(referralQueryOptions(r.id))));
    return { id };
  },
  component: HiringStatusRoute,
});

function HiringStatusRoute() {
  usePageTitle(m.title_hiring_status());
  const { id } = Route.useLoaderData();
  return <HiringStatusPage talentId={id} />;
}
