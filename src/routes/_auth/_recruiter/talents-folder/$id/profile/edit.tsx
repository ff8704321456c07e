import { createFileRoute } from '@tanstack/react-router';
import { PagePlaceholder } from '../../../../../../components/page-placeholder';
import { titleHead } from '../../../../../../lib/page-title';
import { m } from '../../../../../../paraglide/messages';

export const Route = createFileRoute('/_auth/_recruiter/talents-folder/$id/profile/edit')({
  head: titleHead(m.title_edit_talent_profile),
  component: TalentsFolderIdProfileEditPage,
});

function TalentsFolderIdProfileEditPage() {
  return <PagePlaceholder title={m.title_edit_talent_profile()} />;
}
