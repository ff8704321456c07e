import { createFileRoute } from '@tanstack/react-router';
import { TalentProfilePage } from '#src/features/talents/components/talent-profile-page.tsx';
import { loadTalent } from '#src/features/talents/load-talent.ts';
import { talentProfileSearchSchema } from '#src/features/talents/search-params.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/')({
  validateSearch: talentProfileSearchSchema,
  loader: async ({ context, params }) => {
    const { id } = await loadTalent(context.queryClient, params.id);
    return { id };
  },
  component: TalentProfileRoute,
});

function TalentProfileRoute() {
  usePageTitle(m.title_talent_profile());
  const { id } = Route.useLoaderData();
  return <TalentProfilePage talentId={id} />;
}
