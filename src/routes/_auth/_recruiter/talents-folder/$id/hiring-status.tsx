import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { m } from '../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/hiring-status')({
  head: titleHead(m.title_hiring_status),
  component: TalentsFolderIdHiringStatusPage,
});

function TalentsFolderIdHiringStatusPage() {
  return <PagePlaceholder title={m.title_hiring_status()} />;
}
