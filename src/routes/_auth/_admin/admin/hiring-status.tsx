import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/hiring-status')({
  head: titleHead(m.title_hiring_status),
  component: AdminHiringStatusPage,
});

function AdminHiringStatusPage() {
  return <PagePlaceholder title={m.title_hiring_status()} />;
}
