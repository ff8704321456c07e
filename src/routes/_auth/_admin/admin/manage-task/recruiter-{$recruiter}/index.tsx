import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../../components/page-placeholder';
import { titleHead } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/manage-task/recruiter-{$recruiter}/')({
  head: titleHead(m.title_recruiters),
  component: AdminManageTaskRecruiterPage,
});

function AdminManageTaskRecruiterPage() {
  return <PagePlaceholder title={m.title_recruiters()} />;
}
