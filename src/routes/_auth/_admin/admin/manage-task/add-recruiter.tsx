import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/manage-task/add-recruiter')({
  head: titleHead(m.title_add_recruiter),
  component: AdminManageTaskAddRecruiterPage,
});

function AdminManageTaskAddRecruiterPage() {
  return <PagePlaceholder title={m.title_add_recruiter()} />;
}
