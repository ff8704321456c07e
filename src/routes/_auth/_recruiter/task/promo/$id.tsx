import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/task/promo/$id')({
  head: titleHead(m.title_promo_tasks),
  component: TaskPromoIdPage,
});

function TaskPromoIdPage() {
  return <PagePlaceholder title={m.title_promo_tasks()} />;
}
