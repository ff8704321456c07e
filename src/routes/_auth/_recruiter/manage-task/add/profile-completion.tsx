import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { addTalentTalentQueryOptions, addTalentTaskQueryOptions } from '#src/features/add-talent/api.ts';
import { ProfileCompletionPage } from '#src/features/add-talent/components/profile-completion-page.tsx';
import { queuedCompletion } from '#src/features/add-talent/held-resume.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { flagParam, optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// Needs both talentId and taskId (seed section 5); taskId is checked by the parent route. A completion
// of this talent still in the outbox (waiting, or refused) is shown instead of a blank form.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/profile-completion')({
  // `picked`: the talent came from the folder (no drop, no processing: the stepper says they were skipped).
  validateSearch: v.object({ talentId: optionalStringParam, picked: flagParam }),
  beforeLoad: ({ search }) => {
    if (!search.talentId) throw notFound();
    return { talentId: search.talentId };
  },
  loader: async ({ context }) => {
    const [, , queued] = await Promise.all([
      context.queryClient.ensureQueryData(addTalentTaskQueryOptions(context.taskId)),
      context.queryClient.ensureQueryData(addTalentTalentQueryOptions(context.talentId)),
      queuedCompletion(context.taskId, context.talentId),
    ]);
    return { queued };
  },
  component: ProfileCompletionRoute,
});

function ProfileCompletionRoute() {
  usePageTitle(m.title_profile_completion());
  const { taskId, talentId } = Route.useRouteContext();
  const { queued } = Route.useLoaderData();
  const { picked } = Route.useSearch();
  return <ProfileCompletionPage key={talentId} taskId={taskId} talentId={talentId} queued={queued} picked={picked} />;
}
