import { createFileRoute } from '@tanstack/react-router';
import { TalentEditPage } from '#src/features/talents/components/talent-edit-page.tsx';
import { loadTalent } from '#src/features/talents/load-talent.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/edit')({
  loader: async ({ context, params }) => {
    const { id } = await loadTalent(context.queryClient, params.id);
    return { id };
  },
  component: TalentEditRoute,
});

function TalentEditRoute() {
  usePageTitle(m.title_edit_talent_profile());
  const { id } = Route.useLoaderData();
  return <TalentEditPage talentId={id} />;
}
