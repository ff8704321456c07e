import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../components/page-placeholder';
import { titleHead } from '../../../../lib/page-title';
import { m } from '../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/')({
  head: titleHead(m.title_talents_folder),
  component: TalentsFolderPage,
});

function TalentsFolderPage() {
  return <PagePlaceholder title={m.title_talents_folder()} />;
}
