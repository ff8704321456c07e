import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/tasks')({
  head: titleHead(m.title_tasks),
  component: AdminTasksPage,
});

function AdminTasksPage() {
  return <PagePlaceholder title={m.title_tasks()} />;
}
