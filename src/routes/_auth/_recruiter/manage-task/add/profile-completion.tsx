import { createFileRoute, notFound } from '@tanstack/react-router';
import * as v from 'valibot';
import { PagePlaceholder } from '../../../../../components/page-placeholder';
import { titleHead } from '../../../../../lib/page-title';
import { optionalStringParam } from '../../../../../lib/search-params';
import { m } from '../../../../../paraglide/messages';

// Needs both talentId and taskId (seed section 5); taskId is checked by the parent route.
export const Route = createFileRoute('/_auth/_recruiter/manage-task/add/profile-completion')({
  validateSearch: v.object({ talentId: optionalStringParam }),
  beforeLoad: ({ search }) => {
    if (!search.talentId) throw notFound();
    return { talentId: search.talentId };
  },
  head: titleHead(m.title_profile_completion),
  component: ProfileCompletionPage,
});

function ProfileCompletionPage() {
  return <PagePlaceholder title={m.title_profile_completion()} />;
}
