import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFoundError, talentQueryOptions } from '#src/features/talents/api.ts';
import { TalentEditPage } from '#src/features/talents/components/talent-edit-page.tsx';
import { usePageTitle } from '#src/lib/page-title.ts';
import { parseId } from '#src/lib/path-id.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/edit')({
  loader: async ({ context, params }) => {
    const id = parseId(params.id);
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
