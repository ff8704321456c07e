import { createFileRoute, redirect } from '@tanstack/react-router';
import { ProgressPage } from '../../../../../features/add-talent/components/progress-page';
import { getHeldResume } from '../../../../../features/add-talent/held-resume';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

// Seed: progress "redirects to drop-resume when no resume payload is held". A payload the server has
// refused is back with the form too.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/progress')({
  loader: async ({ context }) => {
    const held = await getHeldResume(context.taskId);
    if (!held || held.error) {
      throw redirect({ to: '/manage-task/add/drop-resume', search: { taskId: context.taskId }, replace: true });
    }
    return { held };
  },
  head: titleHead(m.title_processing),
  component: ProgressRoute,
});

function ProgressRoute() {
  const { taskId } = Route.useRouteContext();
  const { held } = Route.useLoaderData();
  return <ProgressPage key={held.clientId} taskId={taskId} held={held} />;
}
