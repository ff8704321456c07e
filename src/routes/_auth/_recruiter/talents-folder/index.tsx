import { createFileRoute } from '@tanstack/react-router';
import { talentsQueryOptions, taskFilterOptionsQueryOptions } from '#src/features/talents/api.ts';
import { TalentsFolderPage } from '#src/features/talents/components/talents-folder-page.tsx';
import { folderFilters, talentsFolderSearchSchema } from '#src/features/talents/search-params.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { m } from '#src/paraglide/messages.js';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/')({
  validateSearch: talentsFolderSearchSchema,
  loaderDeps: ({ search }) => folderFilters(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(talentsQueryOptions(deps)),
      context.queryClient.ensureQueryData(taskFilterOptionsQueryOptions()),
    ]),
  component: TalentsFolderRoute,
});

function TalentsFolderRoute() {
  usePageTitle(m.title_talents_folder());
  return <TalentsFolderPage />;
}
