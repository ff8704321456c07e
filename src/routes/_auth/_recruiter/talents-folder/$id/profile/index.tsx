import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFoundError, talentQueryOptions } from '../../../../../../features/talents/api';
import { TalentProfilePage } from '../../../../../../features/talents/components/talent-profile-page';
import { parseIdParam, talentProfileSearchSchema } from '../../../../../../features/talents/search-params';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/')({
  validateSearch: talentProfileSearchSchema,
  loader: async ({ context, params }) => {
    const id = parseIdParam(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(talentQueryOptions(id)).catch((error: unknown) => {
      throw isNotFoundError(error) ? notFound() : error;
    });
    return { id };
  },
  component: TalentProfileRoute,
});

function TalentProfileRoute() {
  usePageTitle(m.title_talent_profile());
  const { id } = Route.useLoaderData();
  return <TalentProfilePage talentId={id} />;
}
