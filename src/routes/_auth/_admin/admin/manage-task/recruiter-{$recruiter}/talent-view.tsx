import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../../components/page-placeholder';
import { titleHead } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/talent-view')({
  head: titleHead(m.title_admin_manage_tasks),
  component: AdminManageTaskRecruiterTalentViewPage,
});

function AdminManageTaskRecruiterTalentViewPage() {
  return <PagePlaceholder title={m.title_admin_manage_tasks()} />;
}
