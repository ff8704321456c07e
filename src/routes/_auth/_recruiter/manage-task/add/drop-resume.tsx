import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/drop-resume')({
  head: titleHead(m.title_drop_resume),
  component: ManageTaskAddDropResumePage,
});

function ManageTaskAddDropResumePage() {
  return <PagePlaceholder title={m.title_drop_resume()} />;
}
