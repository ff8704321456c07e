import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/progress')({
  head: titleHead(m.title_processing),
  component: ManageTaskAddProgressPage,
});

function ManageTaskAddProgressPage() {
  return <PagePlaceholder title={m.title_processing()} />;
}
