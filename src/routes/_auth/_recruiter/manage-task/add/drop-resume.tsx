import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';
import { addTalentTaskQueryOptions } from '#src/features/add-talent/api.ts';
import { DropResumePage } from '#src/features/add-talent/components/drop-resume-page.tsx';
import { heldForFix } from '#src/features/add-talent/held-resume.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { flagParam, optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// taskId is checked by the parent route. `entry`: a drop the server refused, back in the form with
// its fields, file and refusal. `shared=1`: the recruiter came from /share-target, and the CV shared
// into the app is attached.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/drop-resume')({
  validateSearch: v.object({ shared: flagParam, entry: optionalStringParam }),
  search: { middlewares: [stripSearchParams({ shared: false })] },
  loaderDeps: ({ search }) => ({ entry: search.entry }),
  loader: async ({ context, deps }) => {
    const [, held] = await Promise.all([
      context.queryClient.ensureQueryData(addTalentTaskQueryOptions(context.taskId)),
      heldForFix(context.taskId, deps.entry),
    ]);
    return { held };
  },
  component: DropResumeRoute,
});

function DropResumeRoute() {
  usePageTitle(m.title_drop_resume());
  const { taskId } = Route.useRouteContext();
  const { held } = Route.useLoaderData();
  const { shared } = Route.useSearch();
  // Another refused payload starts the form again from it.
  return <DropResumePage key={held?.entryId ?? 'new'} taskId={taskId} held={held} shared={shared} />;
}
