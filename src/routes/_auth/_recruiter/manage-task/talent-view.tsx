import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/manage-task/talent-view')({
  head: titleHead(m.title_talent_view),
  component: ManageTaskTalentViewPage,
});

function ManageTaskTalentViewPage() {
  return <PagePlaceholder title={m.title_talent_view()} />;
}
