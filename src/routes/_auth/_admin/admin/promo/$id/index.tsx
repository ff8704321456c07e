import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../../components/page-placeholder';
import { titleHead } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_admin/admin/promo/$id/')({
  head: titleHead(m.title_promo),
  component: AdminPromoIdPage,
});

function AdminPromoIdPage() {
  return <PagePlaceholder title={m.title_promo()} />;
}
