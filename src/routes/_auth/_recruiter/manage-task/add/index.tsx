import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/')({
  head: titleHead(m.title_add_talent),
  component: ManageTaskAddPage,
});

function ManageTaskAddPage() {
  return <PagePlaceholder title={m.title_add_talent()} />;
}
