import { createFileRoute } from '@tanstack/react-router';
import { addTalentTaskQueryOptions } from '../../../../../features/add-talent/api';
import { DropResumePage } from '../../../../../features/add-talent/components/drop-resume-page';
import { getHeldResume } from '../../../../../features/add-talent/held-resume';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

// taskId is checked by the parent route. A held payload (a refusal, or "back to the form") refills the form.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/drop-resume')({
  loader: async ({ context }) => {
    const [, held] = await Promise.all([
      context.queryClient.ensureQueryData(addTalentTaskQueryOptions(context.taskId)),
      getHeldResume(context.taskId),
    ]);
    return { held };
  },
  head: titleHead(m.title_drop_resume),
  component: DropResumeRoute,
});

function DropResumeRoute() {
  const { taskId } = Route.useRouteContext();
  const { held } = Route.useLoaderData();
  // A new held payload (another refusal) starts the form again from it.
  return (
    <DropResumePage key={held ? `${held.clientId}:${held.error?.code ?? ''}` : 'new'} taskId={taskId} held={held} />
  );
}
