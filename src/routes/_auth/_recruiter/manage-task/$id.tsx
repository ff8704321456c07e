import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/manage-task/$id')({
  head: titleHead(m.title_manage_task_detail),
  component: ManageTaskIdPage,
});

function ManageTaskIdPage() {
  return <PagePlaceholder title={m.title_manage_task_detail()} />;
}
