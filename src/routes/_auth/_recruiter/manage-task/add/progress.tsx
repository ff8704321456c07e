import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { ProgressPage } from '#src/features/add-talent/components/progress-page.tsx';
import { dropInProgress } from '#src/features/add-talent/held-resume.ts';
import { usePageTitle } from '#src/lib/page-title.ts';
import { optionalStringParam } from '#src/lib/search-params.ts';
import { m } from '#src/paraglide/messages.js';

// Seed: progress "redirects to drop-resume when no resume payload is held". `entry` names the drop
// to follow (several may wait for one task); without it, the task's latest. A refused drop goes back
// to the form with its refusal.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/progress')({
  validateSearch: v.object({ entry: optionalStringParam }),
  loaderDeps: ({ search }) => ({ entry: search.entry }),
  loader: async ({ context, deps }) => {
    const drop = await dropInProgress(context.taskId, deps.entry);
    if (!drop)
      throw redirect({ to: '/manage-task/add/drop-resume', search: { taskId: context.taskId }, replace: true });
    if (drop.state === 'needs-attention') {
      throw redirect({
        to: '/manage-task/add/drop-resume',
        search: { taskId: context.taskId, entry: drop.id },
        replace: true,
      });
    }
    return { drop };
  },
  component: ProgressRoute,
});

function ProgressRoute() {
  usePageTitle(m.title_processing());
  const { taskId } = Route.useRouteContext();
  const { drop } = Route.useLoaderData();
  return <ProgressPage key={drop.id} taskId={taskId} initial={drop} />;
}
