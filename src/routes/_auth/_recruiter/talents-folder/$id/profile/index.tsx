import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFoundError, talentQueryOptions } from '#src/features/talents/api.ts';
import { TalentProfilePage } from '#src/features/talents/components/talent-profile-page.tsx';
import { talentProfileSearchSchema } from '#src/features/talents/search-params.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/')({
  validateSearch: talentProfileSearchSchema,
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
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
