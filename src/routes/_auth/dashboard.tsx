import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/page-placeholder';
import { titleHead } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_auth/dashboard')({
  head: titleHead(m.title_dashboard),
  component: DashboardPage,
});

function DashboardPage() {
  return <PagePlaceholder title={m.title_dashboard()} />;
}
