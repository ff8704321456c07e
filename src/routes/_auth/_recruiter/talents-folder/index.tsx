import { createFileRoute } from '@tanstack/react-router';
import { talentsQueryOptions, taskFilterOptionsQueryOptions } from '../../../../features/talents/api';
import { TalentsFolderPage } from '../../../../features/talents/components/talents-folder-page';
import { folderFilters, talentsFolderSearchSchema } from '../../../../features/talents/search-params';
import { usePageTitle } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

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
