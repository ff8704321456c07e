import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../components/page-placeholder';
import { titleHead } from '../../lib/page-title';
import { m } from '../../paraglide/messages';

export const Route = createFileRoute('/_auth/earning')({
  head: titleHead(m.title_earning),
  component: EarningPage,
});

function EarningPage() {
  return <PagePlaceholder title={m.title_earning()} />;
}
