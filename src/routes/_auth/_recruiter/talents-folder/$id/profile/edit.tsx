import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFoundError, talentQueryOptions } from '../../../../../../features/talents/api';
import { TalentEditPage } from '../../../../../../features/talents/components/talent-edit-page';
import { parseIdParam } from '../../../../../../features/talents/search-params';
import { usePageTitle } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/edit')({
  loader: async ({ context, params }) => {
    const id = parseIdParam(params.id);
    if (id === null) throw notFound();
    await context.queryClient.ensureQueryData(talentQueryOptions(id)).catch((error: unknown) => {
      throw isNotFoundError(error) ? notFound() : error;
    });
    return { id };
  },
  component: TalentEditRoute,
});

function TalentEditRoute() {
  usePageTitle(m.title_edit_talent_profile());
  const { id } = Route.useLoaderData();
  return <TalentEditPage talentId={id} />;
}
