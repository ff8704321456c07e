import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../../components/page-placeholder';
import { titleHead } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/promo/$id/add-tasks')({
  head: titleHead(m.title_add_tasks_to_promo),
  component: AdminPromoIdAddTasksPage,
});

function AdminPromoIdAddTasksPage() {
  return <PagePlaceholder title={m.title_add_tasks_to_promo()} />;
}
